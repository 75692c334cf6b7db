import { formatArs } from '@shared/money';
import type { invoices } from './invoicing.table';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * What the printable document needs: the stored document (its issuer and
 * receiver as they were sent) plus what the table does not keep: the
 * issuer's legal name and address from the configuration, and a credit
 * note's associated invoice.
 */
export type InvoicePdfData = Pick<
  InvoiceRow,
  | 'kind'
  | 'letter'
  | 'voucherType'
  | 'pointOfSale'
  | 'number'
  | 'month'
  | 'totalCents'
  | 'netCents'
  | 'vatCents'
  | 'issuerTaxId'
  | 'issuerTaxCondition'
  | 'receiverLegalName'
  | 'receiverTaxId'
  | 'receiverTaxCondition'
  | 'status'
  | 'issueDate'
  | 'cae'
  | 'caeDue'
> & {
  /** Only what is configured: no address line when none is. */
  issuer: { legalName: string; address?: string | null };
  associated: Pick<InvoiceRow, 'letter' | 'voucherType' | 'pointOfSale' | 'number'> | null;
};

export const TAX_CONDITION_LABELS: Record<InvoiceRow['receiverTaxCondition'], string> = {
  responsable_inscripto: 'IVA Responsable Inscripto',
  monotributo: 'Responsable Monotributo',
  exento: 'IVA Sujeto Exento',
  consumidor_final: 'Consumidor Final',
};

/** Amounts as the document prints them: "$ 12.345,67". */
export const formatInvoiceAmount = (cents: number) => formatArs(cents);

/** "00001-00000042", as ARCA numbers a voucher. */
export function voucherNumber(pointOfSale: number, number: number | null): string {
  return `${String(pointOfSale).padStart(5, '0')}-${String(number ?? 0).padStart(8, '0')}`;
}

/** `YYYY-MM-DD` → `dd/mm/aaaa`. */
export function printedDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The month's first and last days, `YYYY-MM-DD`: the service period. */
export function servicePeriod(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** API.md "Fiscal documents": FchVtoPago is ten days after issue. */
export function paymentDue(issueDate: string): string {
  const due = new Date(`${issueDate}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 10);
  return due.toISOString().slice(0, 10);
}

const digits = (cuit: string) => Number(cuit.replace(/\D/g, ''));

/** "30716420899" → "30-71642089-9". */
export function printedCuit(cuit: string): string {
  const plain = cuit.replace(/\D/g, '');
  return `${plain.slice(0, 2)}-${plain.slice(2, 10)}-${plain.slice(10)}`;
}

/**
 * ARCA's QR payload (RG 4892/20, "Especificaciones técnicas del código QR"):
 * version 1, the issue date, the issuer's CUIT, the voucher's point of sale,
 * type and number, the total in pesos at rate 1, the receiver's CUIT (doc
 * type 80) and the CAE (authorization type E).
 */
export function invoiceQrPayload(data: InvoicePdfData) {
  return {
    ver: 1,
    fecha: data.issueDate ?? '',
    cuit: digits(data.issuerTaxId),
    ptoVta: data.pointOfSale,
    tipoCmp: data.voucherType,
    nroCmp: data.number ?? 0,
    importe: data.totalCents / 100,
    moneda: 'PES',
    ctz: 1,
    tipoDocRec: 80,
    nroDocRec: digits(data.receiverTaxId),
    tipoCodAut: 'E',
    codAut: digits(data.cae ?? ''),
  };
}

/** The address the QR encodes: ARCA's checker with the payload in base64. */
export function invoiceQrUrl(data: InvoicePdfData): string {
  const payload = Buffer.from(JSON.stringify(invoiceQrPayload(data))).toString('base64');
  return `https://www.afip.gob.ar/fe/qr/?p=${payload}`;
}
