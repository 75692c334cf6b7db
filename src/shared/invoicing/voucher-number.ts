import { INVOICE_KIND_LABELS, type Invoice } from './invoicing.schema';

/** "00001-00000042", as ARCA numbers a voucher: the point of sale and the number. */
export function voucherNumber(pointOfSale: number, number: number | null): string {
  return `${String(pointOfSale).padStart(5, '0')}-${String(number ?? 0).padStart(8, '0')}`;
}

/**
 * «Factura A 00003-00000012», as the lists name a document. One with no
 * number yet (never sent to ARCA) is named without one, never as number 0.
 */
export function invoiceName(
  invoice: Pick<Invoice, 'kind' | 'letter' | 'point_of_sale' | 'number'>,
): string {
  const kind = `${INVOICE_KIND_LABELS[invoice.kind]} ${invoice.letter}`;
  return invoice.number === null
    ? `${kind} (sin número todavía)`
    : `${kind} ${voucherNumber(invoice.point_of_sale, invoice.number)}`;
}
