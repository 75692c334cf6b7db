import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import type { Statement } from '@shared/settlements/settlements.schema';
import { formatMonth } from '@shared/time';
import { csvDate, csvDocument, csvLine, csvPesos } from '../../lib/csv';
import { createPdf, PDF_STYLE } from '../../lib/pdf-document';

const KIND_LABELS = {
  accrual: 'Venta aprobada',
  reversal: 'Reembolso',
  clawback: 'Comisión anulada por fraude',
  collected: 'Cobrada en origen',
} as const;

/** What a line adds to the company's debt: nothing when its commission was collected at the source. */
const owedBy = (line: Statement['lines'][number]) =>
  line.kind === 'collected' ? 0 : line.total_cents;

/** The statement as CSV: one line per order and movement, then the totals. */
export function statementCsv(statement: Statement): string {
  const lines = [
    csvLine([
      'Fecha',
      'Referencia',
      'Producto',
      'Movimiento',
      'Vendedor',
      'Comisión del vendedor',
      'Plataforma',
      'Total adeudado',
    ]),
    ...statement.lines.map((line) =>
      csvLine([
        csvDate(new Date(line.at)),
        line.reference,
        line.product_title,
        KIND_LABELS[line.kind],
        line.seller_name,
        csvPesos(line.seller_cents),
        csvPesos(line.platform_cents),
        csvPesos(owedBy(line)),
      ]),
    ),
    '',
    csvLine(['Saldo anterior', '', '', '', '', '', '', csvPesos(statement.opening_cents)]),
    csvLine(['Comisiones del mes', '', '', '', '', '', '', csvPesos(statement.owed_cents)]),
    ...(statement.collected_cents
      ? [
          csvLine([
            'Cobrado en origen (no adeudado)',
            '',
            '',
            '',
            '',
            '',
            '',
            csvPesos(statement.collected_cents),
          ]),
        ]
      : []),
    ...statement.payments.map((payment) =>
      csvLine([
        `Pago recibido ${payment.paid_on}`,
        payment.reference,
        '',
        '',
        '',
        '',
        '',
        csvPesos(-payment.amount_cents),
      ]),
    ),
    csvLine(['Saldo a pagar', '', '', '', '', '', '', csvPesos(statement.closing_cents)]),
  ];
  return csvDocument(lines);
}

export function monthLabel(month: string): string {
  return formatMonth(month);
}

/** The same statement as a one- or several-page PDF with the same numbers. */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const { doc, done } = createPdf(`Liquidación ${statement.month}`);

  doc.fillColor(PDF_STYLE.brand).font('Helvetica-Bold').fontSize(20).text(BRAND.name);
  doc.moveDown(0.3);
  doc
    .fillColor(PDF_STYLE.ink)
    .fontSize(14)
    .text(`Liquidación de ${monthLabel(statement.month)}`);
  doc.font('Helvetica').fontSize(11).text(statement.company.name);
  doc.moveDown();

  const summary: [string, number][] = [
    ['Saldo anterior', statement.opening_cents],
    ['Comisiones del mes (vendedores y plataforma)', statement.owed_cents],
    ...(statement.collected_cents
      ? ([['Cobrado en origen por la plataforma (no adeudado)', statement.collected_cents]] as [
          string,
          number,
        ][])
      : []),
    ['Pagos recibidos', -statement.paid_cents],
    ['Saldo a pagar', statement.closing_cents],
  ];
  for (const [label, cents] of summary) {
    const y = doc.y;
    doc.font(label === 'Saldo a pagar' ? 'Helvetica-Bold' : 'Helvetica').text(label, 48, y);
    doc.text(formatArs(cents), 48, y, { width: 499, align: 'right' });
  }
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Por vendedor');
  doc.font('Helvetica').fontSize(10);
  for (const seller of statement.sellers) {
    const y = doc.y;
    doc.text(seller.name, 48, y);
    doc.text(formatArs(seller.amount_cents), 48, y, { width: 499, align: 'right' });
  }
  const y = doc.y;
  doc.text('Plataforma', 48, y);
  doc.text(formatArs(statement.platform_cents), 48, y, { width: 499, align: 'right' });
  doc.moveDown();

  doc.font('Helvetica-Bold').fontSize(11).text('Pedidos');
  doc.fontSize(9);
  const columns = [48, 118, 290, 390, 470];
  const header = ['Fecha', 'Pedido', 'Vendedor', 'Vendedor $', 'Total $'];
  const row = (values: string[], bold = false) => {
    if (doc.y > 770) doc.addPage();
    const top = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    values.forEach((value, i) => {
      const width = (columns[i + 1] ?? 547) - columns[i]! - 6;
      doc.text(value, columns[i]!, top, {
        width,
        align: i >= 3 ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
      });
    });
    doc.y = top + 14;
  };
  row(header, true);
  for (const line of statement.lines) {
    row([
      csvDate(new Date(line.at)).slice(0, 10),
      `${line.reference} ${line.kind === 'reversal' ? '(reembolso) ' : line.kind === 'clawback' ? '(comisión anulada) ' : line.kind === 'collected' ? '(cobrada en origen) ' : ''}${line.product_title}`,
      line.seller_name ?? '—',
      formatArs(line.seller_cents),
      formatArs(line.total_cents),
    ]);
  }
  if (statement.payments.length) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(11).text('Pagos recibidos', 48);
    doc.font('Helvetica').fontSize(10);
    for (const payment of statement.payments) {
      const top = doc.y;
      doc.text(`${payment.paid_on} · ${payment.reference}`, 48, top);
      doc.text(formatArs(payment.amount_cents), 48, top, { width: 499, align: 'right' });
    }
  }
  doc.end();
  return done;
}
