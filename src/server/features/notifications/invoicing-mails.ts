import { BRAND } from '@shared/brand';
import { INVOICE_KIND_LABELS, type InvoiceKind } from '@shared/invoicing/invoicing.schema';
import { formatArs } from '@shared/money';
import { formatMonth } from '@shared/time';
import { actionMail, type ActionMail } from '../mail/templates';

/** What an authorized document's notice carries to its e-mail. */
export interface InvoiceMailPayload {
  invoiceId: string;
  /** Whose document it is: the PDF attached is read in that company's scope. */
  companyId: string;
  kind: InvoiceKind;
  /** 'A 00002-00000015'. */
  number: string;
  month: string;
  totalCents: number;
  cae: string;
  name?: string;
}

/**
 * The fiscal documents' e-mails (features/invoicing): a document ARCA
 * authorized, its PDF attached by the invoicing feature when it is sent, and the one notice that the company's
 * tax data is missing, so its documents wait.
 */
export function invoicingMail(
  appUrl: string,
  kind: 'company_invoice_authorized' | 'company_tax_data_missing',
  payload: Record<string, unknown>,
): ActionMail {
  const name = typeof payload.name === 'string' ? payload.name : '';
  if (kind === 'company_tax_data_missing') {
    return actionMail({
      subject: `Completa tus datos fiscales para recibir las facturas de ${BRAND.name}`,
      greetingName: name,
      intro: `Para emitirte la factura electrónica de la comisión de ${BRAND.name} necesitamos tu razón social, tu CUIT y tu condición frente al IVA. Hasta que los completes, tus comprobantes quedan en espera.`,
      action: 'Completar datos fiscales',
      url: `${appUrl}/company/settings`,
      outro: 'Apenas los guardes, los emitimos en la próxima facturación.',
    });
  }
  const data = payload as Partial<InvoiceMailPayload>;
  const label = INVOICE_KIND_LABELS[data.kind ?? 'invoice'];
  const month = typeof data.month === 'string' ? data.month : '';
  return actionMail({
    subject: `${label} ${data.number ?? ''} de ${BRAND.name}: ${formatMonth(month)}`,
    greetingName: name,
    intro: `ARCA autorizó tu ${label.toLowerCase()} ${data.number ?? ''} por la comisión de ${BRAND.name} de ${formatMonth(month)}, por ${formatArs(data.totalCents ?? 0)} (CAE ${data.cae ?? ''}). Te la adjuntamos en PDF.`,
    action: 'Ver en Liquidaciones',
    url: `${appUrl}/company/settlements?month=${month}`,
    outro: 'También puedes descargarla desde Liquidaciones, junto al mes.',
  });
}
