import { CalendarMonth } from '../period';
import { z } from '../zod';

/**
 * Fiscal documents (API.md "Fiscal documents"): the electronic invoices and
 * credit notes ARCA authorizes for the platform's commission. Money in integer
 * cents; months `YYYY-MM` in Argentine time; dates `YYYY-MM-DD`.
 */
export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const INVOICE_LETTERS = ['A', 'B', 'C'] as const;
export type InvoiceLetter = (typeof INVOICE_LETTERS)[number];

export const INVOICE_STATUSES = ['pending', 'authorized', 'rejected'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The platform's own VAT condition (ARCA_TAX_CONDITION). */
export const PLATFORM_TAX_CONDITIONS = ['responsable_inscripto', 'monotributo'] as const;
export type PlatformTaxCondition = (typeof PLATFORM_TAX_CONDITIONS)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  authorized: 'Autorizado',
  rejected: 'Rechazado',
};

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Factura',
  credit_note: 'Nota de crédito',
};

export const INVOICING_MESSAGES = {
  /** The description of every invoice line; MM/AAAA is the month. */
  concept: (month: string) =>
    `Comisión por intermediación – período ${month.slice(5, 7)}/${month.slice(0, 4)}`,
  notConfigured:
    'La facturación electrónica no está configurada: faltan el CUIT, el certificado, la clave o el punto de venta de ARCA.',
  missingTaxData:
    'Faltan los datos fiscales de la empresa (razón social, CUIT y condición frente al IVA).',
  noInvoiceToAssociate: 'No hay una factura autorizada a la que asociar la nota de crédito.',
  invoiceNotFound: 'No encontramos ese comprobante.',
  notRetryable: 'Ese comprobante ya está autorizado.',
  runStarted: 'Facturación del mes en marcha.',
  retryStarted: 'Reintento en marcha.',
  notPrintable: 'Solo un comprobante autorizado por ARCA tiene PDF.',
  futureMonth: 'Ese mes todavía no empezó: no hay comisiones para facturar.',
  /** Why a company's month waits, as Facturación lists it. */
  monthOpen: 'El mes no terminó: se factura el día 1 del mes siguiente.',
  nextRun: 'Lista para la próxima facturación.',
  arcaUnavailable:
    'ARCA no respondió; el comprobante queda pendiente y se consultará antes de reenviarlo.',
} as const;

export const ArcaObservation = z.object({ code: z.number().int(), message: z.string() });
export type ArcaObservation = z.infer<typeof ArcaObservation>;

/** One document, as the company's and the admin's lists show it. */
export const Invoice = z.object({
  id: z.string(),
  company_id: z.string(),
  /** The receiver's legal name as it went on the document. */
  company_name: z.string(),
  month: z.string(),
  kind: z.enum(INVOICE_KINDS),
  letter: z.enum(INVOICE_LETTERS),
  point_of_sale: z.number().int(),
  /** Null until a number was given to it (sent to ARCA). */
  number: z.number().int().nullable(),
  total_cents: z.number().int(),
  net_cents: z.number().int(),
  vat_cents: z.number().int(),
  cae: z.string().nullable(),
  /** `YYYY-MM-DD`. */
  cae_due: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  observations: z.array(ArcaObservation),
  /** When ARCA authorized it (ISO 8601); null while pending or rejected. */
  issued_at: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;

export const InvoiceList = z.object({ invoices: z.array(Invoice) });
export type InvoiceList = z.infer<typeof InvoiceList>;

export const AdminInvoiceQuery = z.object({
  month: CalendarMonth.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  company_id: z.string().max(64).optional(),
});
export type AdminInvoiceQuery = z.infer<typeof AdminInvoiceQuery>;

export const InvoiceRunBody = z.object({ month: CalendarMonth });
export type InvoiceRunBody = z.infer<typeof InvoiceRunBody>;

/** A company whose month's commission has no document yet, and why. */
export const InvoiceWaiting = z.object({
  company_id: z.string(),
  company_name: z.string(),
  month: z.string(),
  /** The platform's share not yet on a document. */
  platform_cents: z.number().int(),
  reason: z.string(),
});
export type InvoiceWaiting = z.infer<typeof InvoiceWaiting>;

/** What a run made (POST /api/admin/invoices/run → 202). */
export const InvoiceRunResult = z.object({
  month: z.string(),
  configured: z.boolean(),
  created: z.array(Invoice),
  authorized: z.number().int(),
  rejected: z.number().int(),
  pending: z.number().int(),
  waiting: z.array(InvoiceWaiting),
});
export type InvoiceRunResult = z.infer<typeof InvoiceRunResult>;

/** GET /api/admin/invoices/status: whether invoicing is on, and who waits. */
export const InvoicingStatus = z.object({
  configured: z.boolean(),
  production: z.boolean(),
  point_of_sale: z.number().int().nullable(),
  waiting: z.array(InvoiceWaiting),
});
export type InvoicingStatus = z.infer<typeof InvoicingStatus>;
