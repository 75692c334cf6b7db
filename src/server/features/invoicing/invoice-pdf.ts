import QRCode from 'qrcode';
import { AppError } from '../../lib/app-error';
import { createPdf, PDF_STYLE } from '../../lib/pdf-document';
import { formatCuit } from '@shared/bank-data';
import { TAX_CONDITION_LABELS } from '@shared/company/company-settings.schema';
import { INVOICING_MESSAGES } from '@shared/invoicing/invoicing.schema';
import { voucherNumber } from '@shared/invoicing/voucher-number';
import { formatArs } from '@shared/money';
import { formatCalendarDay } from '@shared/time';
import { invoiceQrUrl, paymentDue, servicePeriod, type InvoicePdfData } from './invoice-pdf-data';

export type { InvoicePdfData } from './invoice-pdf-data';

const { margin: LEFT, width: WIDTH } = PDF_STYLE;
const RIGHT = LEFT + WIDTH;
const CENTRE = LEFT + WIDTH / 2;

const DOCUMENT_NAMES = { invoice: 'FACTURA', credit_note: 'NOTA DE CRÉDITO' } as const;
const ASSOCIATED_NAMES = { invoice: 'Factura', credit_note: 'Nota de crédito' } as const;

/** "Punto de venta: 00001  Comp. Nro: 00000042". */
const numbering = (data: InvoicePdfData) => {
  const [pointOfSale, number] = voucherNumber(data.pointOfSale, data.number).split('-');
  return `Punto de venta: ${pointOfSale}  Comp. Nro: ${number}`;
};

type Doc = PDFKit.PDFDocument;

/** The header: the letter boxed at the top centre, the issuer on the left, the document on the right. */
function drawHeader(doc: Doc, data: InvoicePdfData, issueDate: string) {
  const top = LEFT;
  doc.lineWidth(1).strokeColor(PDF_STYLE.ink).rect(LEFT, top, WIDTH, 150).stroke();
  doc
    .moveTo(CENTRE, top + 52)
    .lineTo(CENTRE, top + 150)
    .stroke();
  doc.rect(CENTRE - 26, top, 52, 52).stroke();
  doc.fillColor(PDF_STYLE.ink).font('Helvetica-Bold').fontSize(28);
  doc.text(data.letter, CENTRE - 26, top + 8, { width: 52, align: 'center' });
  doc.fontSize(7).text(`COD. ${String(data.voucherType).padStart(2, '0')}`, CENTRE - 26, top + 40, {
    width: 52,
    align: 'center',
  });
  doc
    .fontSize(9)
    .text('ORIGINAL', CENTRE + 40, top + 8, { width: RIGHT - CENTRE - 50, align: 'right' });

  const column = WIDTH / 2 - 40;
  doc
    .fillColor(PDF_STYLE.brand)
    .fontSize(16)
    .text(data.issuer.legalName, LEFT + 10, top + 14, {
      width: column,
    });
  doc.fillColor(PDF_STYLE.ink).font('Helvetica').fontSize(9);
  doc.text(`CUIT: ${formatCuit(data.issuerTaxId)}`, LEFT + 10, top + 70, { width: column });
  doc.text(`Condición frente al IVA: ${TAX_CONDITION_LABELS[data.issuerTaxCondition]}`, {
    width: column,
  });
  if (data.issuer.address) doc.text(`Domicilio: ${data.issuer.address}`, { width: column });

  const right = CENTRE + 14;
  const rightWidth = RIGHT - right - 10;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(DOCUMENT_NAMES[data.kind], right, top + 60, {
      width: rightWidth,
    });
  doc.font('Helvetica').fontSize(9).moveDown(0.4);
  doc.text(numbering(data), { width: rightWidth });
  doc.text(`Fecha de emisión: ${formatCalendarDay(issueDate)}`, { width: rightWidth });
  doc.y = top + 150;
}

/** A ruled box of label/value lines under the header. */
function drawBox(doc: Doc, lines: string[]) {
  const top = doc.y + 6;
  doc.font('Helvetica').fontSize(9).fillColor(PDF_STYLE.ink);
  doc.text(lines.join('\n'), LEFT + 10, top + 8, { width: WIDTH - 20, lineGap: 3 });
  const bottom = doc.y + 6;
  doc.rect(LEFT, top, WIDTH, bottom - top).stroke();
  doc.y = bottom;
}

function drawAmountRow(doc: Doc, label: string, cents: number, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10);
  doc.text(label, CENTRE, y, { width: WIDTH / 2 - 130, align: 'right' });
  doc.text(formatArs(cents), RIGHT - 120, y, { width: 110, align: 'right' });
  doc.y = y + (bold ? 18 : 15);
}

/** The line, then the totals as the letter asks: A itemizes VAT, B contains it, C has none. */
function drawDetail(doc: Doc, data: InvoicePdfData) {
  const top = doc.y + 14;
  doc.rect(LEFT, top, WIDTH, 18).fillAndStroke('#e2e8f0', PDF_STYLE.ink);
  doc.fillColor(PDF_STYLE.ink).font('Helvetica-Bold').fontSize(9);
  doc.text('Descripción', LEFT + 10, top + 5);
  doc.text('Importe', RIGHT - 120, top + 5, { width: 110, align: 'right' });
  const lineAmount = data.letter === 'A' ? data.netCents : data.totalCents;
  doc.font('Helvetica').fontSize(10);
  doc.text(INVOICING_MESSAGES.concept(data.month), LEFT + 10, top + 28, { width: WIDTH - 150 });
  doc.text(formatArs(lineAmount), RIGHT - 120, top + 28, { width: 110, align: 'right' });

  doc.y = top + 120;
  doc.moveTo(LEFT, doc.y).lineTo(RIGHT, doc.y).stroke();
  doc.y += 10;
  if (data.letter === 'A') {
    drawAmountRow(doc, 'Importe neto gravado:', data.netCents);
    drawAmountRow(doc, 'IVA 21 %:', data.vatCents);
  }
  drawAmountRow(doc, 'Importe total:', data.totalCents, true);
  if (data.letter === 'B') {
    doc.moveDown(0.6).font('Helvetica-Bold').fontSize(9);
    doc.text('Régimen de Transparencia Fiscal al Consumidor (Ley 27.743)', LEFT + 10, doc.y);
    doc.font('Helvetica').text(`IVA contenido: ${formatArs(data.vatCents)}`);
  }
}

/** ARCA's QR beside the CAE and its due date. */
async function drawAuthorization(doc: Doc, data: InvoicePdfData) {
  const qr = await QRCode.toBuffer(invoiceQrUrl(data), { margin: 0, width: 300 });
  const top = Math.max(doc.y + 20, 640);
  doc
    .moveTo(LEFT, top - 8)
    .lineTo(RIGHT, top - 8)
    .strokeColor(PDF_STYLE.rule)
    .stroke();
  doc.image(qr, LEFT, top, { width: 96, height: 96 });
  doc.fillColor(PDF_STYLE.ink).font('Helvetica-Bold').fontSize(10);
  doc.text('Comprobante autorizado', LEFT + 110, top + 6);
  doc.font('Helvetica').fontSize(8).fillColor(PDF_STYLE.muted);
  doc.text(
    'Esta Administración Federal no se responsabiliza por los datos ingresados en el detalle de la operación.',
    {
      width: 230,
    },
  );
  doc.fillColor(PDF_STYLE.ink).font('Helvetica-Bold').fontSize(10);
  doc.text(`CAE N°: ${data.cae}`, CENTRE + 60, top + 6, {
    width: RIGHT - CENTRE - 60,
    align: 'right',
  });
  doc.text(`Fecha de Vto. de CAE: ${formatCalendarDay(data.caeDue ?? '')}`, {
    width: RIGHT - CENTRE - 60,
    align: 'right',
  });
}

/**
 * API.md "Fiscal documents": the printable invoice or credit note with ARCA's
 * legal fields. Only an authorized document has a number, a CAE and a QR, so
 * only an authorized one prints.
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  if (
    data.status !== 'authorized' ||
    !data.cae ||
    !data.caeDue ||
    !data.issueDate ||
    !data.number
  ) {
    throw AppError.conflict(INVOICING_MESSAGES.notPrintable);
  }
  const issueDate = data.issueDate;
  const title = `${DOCUMENT_NAMES[data.kind]} ${data.letter} ${voucherNumber(data.pointOfSale, data.number)}`;
  const { doc, done } = createPdf(title);

  drawHeader(doc, data, issueDate);
  const period = servicePeriod(data.month);
  drawBox(doc, [
    `Período facturado desde: ${formatCalendarDay(period.from)}    hasta: ${formatCalendarDay(period.to)}    Fecha de vto. para el pago: ${formatCalendarDay(paymentDue(issueDate))}`,
  ]);
  drawBox(doc, [
    `CUIT: ${formatCuit(data.receiverTaxId)}    Apellido y nombre / Razón social: ${data.receiverLegalName}`,
    `Condición frente al IVA: ${TAX_CONDITION_LABELS[data.receiverTaxCondition]}    Condición de venta: Otra`,
    ...(data.associated
      ? [
          `Comprobante asociado: ${ASSOCIATED_NAMES.invoice} ${data.associated.letter} ${voucherNumber(data.associated.pointOfSale, data.associated.number)}`,
        ]
      : []),
  ]);
  drawDetail(doc, data);
  await drawAuthorization(doc, data);
  doc.end();
  return done;
}
