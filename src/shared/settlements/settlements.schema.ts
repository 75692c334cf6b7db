import { z } from '../zod';

/**
 * Liquidaciones (issue 12): what each company owes for its sales' commissions
 * (the sellers' 75 % and the platform's 25 %), month by month, and the
 * payments that settle it. Money in integer cents; months `YYYY-MM` in
 * Argentine time.
 */
export const SETTLEMENT_MESSAGES = {
  monthInvalid: 'El mes debe tener el formato AAAA-MM.',
  companyNotFound: 'No encontramos esa empresa.',
  amountInvalid: 'Ingresa un monto mayor que cero.',
  amountOverBalance: 'El pago supera el saldo adeudado por la empresa.',
  referenceRequired: 'Ingresa la referencia de la transferencia.',
  dateInvalid: 'Ingresa la fecha en que llegó la transferencia.',
  dateInFuture: 'La fecha del pago no puede ser futura.',
  paymentRecorded: 'Pago registrado.',
} as const;

export const MonthParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, SETTLEMENT_MESSAGES.monthInvalid);

export const StatementMonth = z.object({
  month: z.string(),
  /** Commission of the month's sales, net of refunds: sellers + platform. */
  owed_cents: z.number().int(),
  sellers_cents: z.number().int(),
  platform_cents: z.number().int(),
  /** Payments received that month. */
  paid_cents: z.number().int(),
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

export const StatementLine = z.object({
  order_id: z.string(),
  reference: z.string(),
  product_title: z.string(),
  seller_name: z.string().nullable(),
  /** An approved sale, or the refund that took it back. */
  kind: z.enum(['accrual', 'reversal']),
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
  /** Per seller, what the month's sales earned them. */
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
  paid_on: z.iso.date({ error: SETTLEMENT_MESSAGES.dateInvalid }),
  reference: z
    .string({ error: SETTLEMENT_MESSAGES.referenceRequired })
    .trim()
    .min(1, SETTLEMENT_MESSAGES.referenceRequired)
    .max(120, 'La referencia puede tener hasta 120 caracteres.'),
});
export type RecordPaymentBody = z.input<typeof RecordPaymentBody>;
