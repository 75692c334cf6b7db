import { PERIOD_MESSAGES } from '../messages';
import { CalendarMonth } from '../period';
import { formatDateTime, isCalendarDay } from '../time';
import { z } from '../zod';

/**
 * Liquidaciones (issue 12): what each company owes for its sales' commissions
 * (the sellers' 75 % and the platform's 25 %), month by month, and the
 * payments that settle it. Money in integer cents; months `YYYY-MM` in
 * Argentine time.
 */
export const SETTLEMENT_MESSAGES = {
  companyNotFound: 'No encontramos esa empresa.',
  amountInvalid: 'Ingresa un monto mayor que cero.',
  amountOverBalance: 'El pago supera el saldo adeudado por la empresa.',
  referenceRequired: 'Ingresa la referencia de la transferencia.',
  dateInvalid: 'Ingresa la fecha en que llegó la transferencia.',
  dateInFuture: 'La fecha del pago no puede ser futura.',
  paymentRecorded: 'Pago registrado.',
} as const;

/** A statement's month: 2000-01 to 2100-12 (src/shared/period.ts). */
export const MonthParam = CalendarMonth;

export const StatementMonth = z.object({
  month: z.string(),
  /** Commission of the month's sales, net of refunds: sellers + platform. */
  owed_cents: z.number().int(),
  sellers_cents: z.number().int(),
  platform_cents: z.number().int(),
  /** Payments received that month. */
  paid_cents: z.number().int(),
  /** Commission of the month's sales collected at the source: never owed. */
  collected_cents: z.number().int(),
  /** What remained owed at the end of the month (carried over). */
  closing_cents: z.number().int(),
  /** The month is over: its statement no longer changes except by refunds. */
  closed: z.boolean(),
});
export type StatementMonth = z.infer<typeof StatementMonth>;

export const StatementList = z.object({
  balance_cents: z.number().int(),
  months: z.array(StatementMonth),
});
export type StatementList = z.infer<typeof StatementList>;

/**
 * Where a company transfers what it owes and what it writes in the transfer,
 * so the platform knows whose payment it is (Liquidaciones).
 */
export const PlatformPayTo = z.object({
  /** The platform's bank account (PLATFORM_BANK_*); null when it is not configured. */
  bank: z
    .object({
      name: z.string(),
      holder: z.string(),
      cbu: z.string(),
      alias: z.string(),
      cuit: z.string(),
    })
    .nullable(),
  /** The company's own reference for its transfers ('LIQ-' and 8 letters and digits). */
  reference: z.string(),
});
export type PlatformPayTo = z.infer<typeof PlatformPayTo>;

/** GET /api/company/settlements and /api/admin/settlements/:companyId: the months and where to pay. */
export const CompanyStatementList = StatementList.extend({ pay_to: PlatformPayTo });
export type CompanyStatementList = z.infer<typeof CompanyStatementList>;

export const StatementLine = z.object({
  order_id: z.string(),
  reference: z.string(),
  product_title: z.string(),
  seller_name: z.string().nullable(),
  /**
   * An approved sale the company owes the commission of, the refund that took
   * one back, or a sale whose commission was collected at the source
   * (`collected`: the platform kept it when the buyer paid; negative when refunded).
   */
  kind: z.enum(['accrual', 'reversal', 'clawback', 'collected']),
  at: z.string(),
  seller_cents: z.number().int(),
  platform_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type StatementLine = z.infer<typeof StatementLine>;

export const CompanyPayment = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  paid_on: z.string(),
  reference: z.string(),
  recorded_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type CompanyPayment = z.infer<typeof CompanyPayment>;

export const Statement = z.object({
  company: z.object({ id: z.string(), name: z.string() }),
  month: z.string(),
  opening_cents: z.number().int(),
  owed_cents: z.number().int(),
  paid_cents: z.number().int(),
  closing_cents: z.number().int(),
  closed: z.boolean(),
  /** Commission of the month's sales collected at the source, net of refunds: not owed. */
  collected_cents: z.number().int(),
  /** Per seller, what the month's sales the company owes earned them. */
  sellers: z.array(
    z.object({ seller_id: z.string(), name: z.string(), amount_cents: z.number().int() }),
  ),
  platform_cents: z.number().int(),
  lines: z.array(StatementLine),
  payments: z.array(CompanyPayment),
});
export type Statement = z.infer<typeof Statement>;

export const CompanyBalances = z.object({
  items: z.array(
    z.object({
      company_id: z.string(),
      name: z.string(),
      owed_cents: z.number().int(),
      paid_cents: z.number().int(),
      balance_cents: z.number().int(),
      last_payment_on: z.string().nullable(),
      /** Commission of its sales collected at the source (never owed). */
      collected_cents: z.number().int(),
    }),
  ),
});
export type CompanyBalances = z.infer<typeof CompanyBalances>;

export const RecordPaymentBody = z.object({
  amount_cents: z
    .number({ error: SETTLEMENT_MESSAGES.amountInvalid })
    .int(SETTLEMENT_MESSAGES.amountInvalid)
    .min(1, SETTLEMENT_MESSAGES.amountInvalid)
    .max(Number.MAX_SAFE_INTEGER, SETTLEMENT_MESSAGES.amountInvalid),
  paid_on: z.iso
    .date({ error: SETTLEMENT_MESSAGES.dateInvalid })
    // A value that is no date at all is the check above's to report.
    .refine((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || isCalendarDay(day), PERIOD_MESSAGES.day),
  reference: z
    .string({ error: SETTLEMENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, SETTLEMENT_MESSAGES.referenceRequired)
    .max(120, 'La referencia puede tener hasta 120 caracteres.'),
});
export type RecordPaymentBody = z.input<typeof RecordPaymentBody>;

/** Why a seller cannot be paid yet (their payment details), or null when they can. */
export const PAYOUT_BLOCKED_REASONS = {
  noDetails: 'No cargó sus datos de cobro (CBU o e-mail de MercadoPago).',
  invalidCbu: 'El CBU cargado no es válido.',
  invalidEmail: 'El e-mail de MercadoPago cargado no es válido.',
  /** An open risk flag (risk center) holds the seller's payouts until an admin decides. */
  underReview: 'En revisión',
  /** A seller banned for confirmed fraud is not paid until an admin settles it by hand. */
  banned: 'Cuenta suspendida por fraude confirmado.',
} as const;

/**
 * API.md "Payout details changed": after a seller replaces the details they
 * were paid to, their payouts wait PAYOUT_DETAILS_HOLD_HOURS; the reason names
 * when the details changed and when they can be paid (Argentine time).
 */
export function payoutDetailsHoldReason(
  changedAt: Date | string,
  heldUntil: Date | string,
): string {
  return `Datos de cobro cambiados el ${formatDateTime(changedAt)}; se podrá pagar desde el ${formatDateTime(heldUntil)}`;
}

/**
 * Every reason a payout batch leaves a seller out, as one computation finds
 * them (settlements/payout-standing.ts): the risk center's hold, the payout
 * details, and the wait after a change of them. The admin reads them as
 * `blocked_reason` (PAYOUT_BLOCKED_REASONS), the seller in Mis Cobros as
 * `holds` (in the seller's own words, below).
 */
export const PAYOUT_HOLD_CODES = [
  'under_review',
  'banned',
  'no_details',
  'invalid_cbu',
  'invalid_email',
  'details_changed',
] as const;
export type PayoutHoldCode = (typeof PAYOUT_HOLD_CODES)[number];

/** A reason found by the server: its code and, for the wait after a change, when it started and ends. */
export interface PayoutHoldFound {
  code: PayoutHoldCode;
  changedAt?: Date | string | null;
  until?: Date | string | null;
}

/** The admin's words for a reason (Pagos a vendedores' `blocked_reason`). */
export function adminHoldReason(hold: PayoutHoldFound): string {
  switch (hold.code) {
    case 'under_review':
      return PAYOUT_BLOCKED_REASONS.underReview;
    case 'banned':
      return PAYOUT_BLOCKED_REASONS.banned;
    case 'no_details':
      return PAYOUT_BLOCKED_REASONS.noDetails;
    case 'invalid_cbu':
      return PAYOUT_BLOCKED_REASONS.invalidCbu;
    case 'invalid_email':
      return PAYOUT_BLOCKED_REASONS.invalidEmail;
    case 'details_changed':
      return payoutDetailsHoldReason(hold.changedAt!, hold.until!);
  }
}

/** The seller's words for a reason (Mis Cobros), in the app's tú voice. */
export function sellerHoldMessage(hold: PayoutHoldFound): string {
  switch (hold.code) {
    case 'under_review':
      return 'Estamos revisando la actividad de tu cuenta: mientras tanto, tus comisiones no entran en los pagos.';
    case 'banned':
      return 'Tu cuenta está suspendida por fraude confirmado: tus comisiones no se pagan.';
    case 'no_details':
      return 'No cargaste tus datos de cobro (CBU o e-mail de MercadoPago).';
    case 'invalid_cbu':
      return 'El CBU que cargaste no es válido.';
    case 'invalid_email':
      return 'El e-mail de MercadoPago que cargaste no es válido.';
    case 'details_changed':
      return `Tus datos de cobro se cambiaron el ${formatDateTime(hold.changedAt!)}: por seguridad, te pagamos en la cuenta nueva desde el ${formatDateTime(hold.until!)}.`;
  }
}

export const PayoutHold = z.object({
  code: z.enum(PAYOUT_HOLD_CODES),
  /** Why, in the seller's words. */
  message: z.string(),
  /** When it ends by itself (the wait after a change of payout details), ISO time; null: when someone acts. */
  until: z.string().nullable(),
});
export type PayoutHold = z.infer<typeof PayoutHold>;

export const PAYOUT_MESSAGES = {
  nothingToPay: 'No hay vendedores para pagar ahora.',
  batchNotFound: 'No encontramos ese lote de pagos.',
  batchAlreadyPaid: 'Ese lote ya está marcado como pagado.',
  referenceRequired: 'Ingresa la referencia de las transferencias.',
  batchCreated: 'Lote de pagos creado.',
  batchPaid: 'Lote marcado como pagado.',
} as const;

export const PayoutDestination = z.object({
  method: z.enum(['mercadopago', 'bank']),
  /** What the transfer goes to: the CBU (and alias) or the MercadoPago e-mail. */
  label: z.string(),
});

export const SellerPayable = z.object({
  seller_id: z.string(),
  name: z.string(),
  email: z.string(),
  province: z.string().nullable(),
  /** Can be paid now: past the hold, from companies that paid. */
  available_cents: z.number().int(),
  destination: PayoutDestination.nullable(),
  blocked_reason: z.string().nullable(),
  /** Until when a change of payout details holds the seller's payouts (ISO time), or null. */
  held_until: z.string().nullable(),
  /**
   * `ready`: in the next batch; `waiting`: only the wait after a change of
   * payout details holds it, and it ends by itself; `blocked`: someone must act.
   */
  state: z.enum(['ready', 'waiting', 'blocked']),
});
export type SellerPayable = z.infer<typeof SellerPayable>;

/** A payout batch's status as people read it (the admin's Pagos a vendedores, the audit log). */
export const PAYOUT_BATCH_STATUS_LABELS = {
  created: 'Por transferir',
  paid: 'Pagado',
} as const;

export const PayoutBatch = z.object({
  id: z.number().int(),
  status: z.enum(['created', 'paid']),
  total_cents: z.number().int(),
  payouts: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  reference: z.string().nullable(),
});
export type PayoutBatch = z.infer<typeof PayoutBatch>;

export const AdminPayouts = z.object({
  minimum_cents: z.number().int(),
  hold_days: z.number().int(),
  /** What the next batch pays: the ready sellers' available amounts, summed. */
  ready_cents: z.number().int(),
  ready_sellers: z.number().int(),
  waiting_sellers: z.number().int(),
  blocked_sellers: z.number().int(),
  sellers: z.array(SellerPayable),
  batches: z.array(PayoutBatch),
});
export type AdminPayouts = z.infer<typeof AdminPayouts>;

export const MarkBatchPaidBody = z.object({
  reference: z
    .string({ error: PAYOUT_MESSAGES.referenceRequired })
    .trim()
    .min(1, PAYOUT_MESSAGES.referenceRequired)
    .max(120, 'La referencia puede tener hasta 120 caracteres.'),
});

export const BatchParams = z.object({
  id: z.coerce
    .number({ error: PAYOUT_MESSAGES.batchNotFound })
    .int({ error: PAYOUT_MESSAGES.batchNotFound })
    .positive({ error: PAYOUT_MESSAGES.batchNotFound })
    .max(Number.MAX_SAFE_INTEGER, { error: PAYOUT_MESSAGES.batchNotFound }),
});

export const SellerPayouts = z.object({
  /** Earned but not payable yet: inside the hold, or the company has not paid. */
  pending_cents: z.number().int(),
  /** Can be paid in the next batch (negative: a refund after a payout, deducted next time). */
  available_cents: z.number().int(),
  /** In a batch that is being transferred. */
  in_process_cents: z.number().int(),
  paid_cents: z.number().int(),
  hold_days: z.number().int(),
  minimum_cents: z.number().int(),
  destination: PayoutDestination.nullable(),
  blocked_reason: z.string().nullable(),
  /**
   * Until when payouts wait after the seller changed their payout details (ISO
   * time), or null when no change holds them (API.md "Payout details changed").
   */
  held_until: z.string().nullable(),
  /**
   * Every reason the next payout batch leaves the seller out, from the same
   * computation the batch uses (empty when nothing holds them), in the seller's words.
   */
  holds: z.array(PayoutHold),
  /**
   * Whether a batch made now would pay `available_cents`: at least the
   * minimum and nothing in `holds`.
   */
  in_next_batch: z.boolean(),
  items: z.array(
    z.object({
      id: z.number().int(),
      amount_cents: z.number().int(),
      status: z.enum(['created', 'paid']),
      destination: PayoutDestination,
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
});
export type SellerPayouts = z.infer<typeof SellerPayouts>;
