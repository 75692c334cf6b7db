import { INVOICE_KIND_LABELS, type InvoiceKind } from '@shared/invoicing/invoicing.schema';
import { formatArs } from '@shared/money';
import { formatMonth } from '@shared/time';
import type { Transaction } from '../../db/client';
import type { CompanyScope } from '../../lib/scope';
import { sendNotice } from '../notifications/notifications.service';
import type { InvoiceMailPayload } from '../notifications/invoicing-mails';
import { voucherNumber } from '@shared/invoicing/voucher-number';

/** Once per company: its documents wait for its tax data. */
export async function tellMissingTaxData(tx: Transaction, company: CompanyScope): Promise<void> {
  await sendNotice(tx, {
    userId: company.id,
    kind: 'company_tax_data_missing',
    title: 'Completa tus datos fiscales',
    body: 'Tus facturas de comisión quedan en espera hasta que completes razón social, CUIT y condición frente al IVA.',
    link: '/company/settings',
    payload: {},
    dedupeKey: `invoicing-tax-data:${company.id}`,
  });
}

/** The document ARCA authorized, told once, in the transaction that records it. */
export async function tellInvoiceAuthorized(
  tx: Transaction,
  invoice: {
    id: string;
    companyId: string;
    kind: InvoiceKind;
    letter: string;
    pointOfSale: number;
    number: number | null;
    month: string;
    totalCents: number;
    cae: string | null;
  },
): Promise<void> {
  const label = INVOICE_KIND_LABELS[invoice.kind];
  const number = `${invoice.letter} ${voucherNumber(invoice.pointOfSale, invoice.number)}`;
  await sendNotice(tx, {
    userId: invoice.companyId,
    kind: 'company_invoice_authorized',
    title: `${label} ${number} autorizada`,
    body: `Comisión de ${formatMonth(invoice.month)}: ${formatArs(invoice.totalCents)}.`,
    link: `/company/settlements?month=${invoice.month}`,
    payload: {
      invoiceId: invoice.id,
      companyId: invoice.companyId,
      kind: invoice.kind,
      number,
      month: invoice.month,
      totalCents: invoice.totalCents,
      cae: invoice.cae ?? '',
    } satisfies InvoiceMailPayload,
    dedupeKey: `invoice-authorized:${invoice.id}`,
  });
}
