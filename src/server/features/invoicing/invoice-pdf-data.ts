import { nextMonth, shiftDay } from '@shared/time';
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

/** The month's first and last days, `YYYY-MM-DD`: the service period. */
export function servicePeriod(month: string): { from: string; to: string } {
  return { from: `${month}-01`, to: shiftDay(`${nextMonth(month)}-01`, -1) };
}

/** API.md "Fiscal documents": FchVtoPago is ten days after issue. */
export function paymentDue(issueDate: string): string {
  return shiftDay(issueDate, 10);
}

const digits = (cuit: string) => Number(cuit.replace(/\D/g, ''));

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
