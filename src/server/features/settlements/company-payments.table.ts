import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/profiles.table';

/**
 * Money a company transferred to the platform for what it owes (the sellers'
 * commission and the platform's), recorded by an admin when it arrives.
 * Payments settle the company's balance oldest first; a partial payment
 * leaves the rest owed into the next month.
 */
export const companyPayments = pgTable(
  'company_payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The day the transfer arrived (Argentine calendar). */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    /** The bank's reference of the transfer. */
    reference: text('reference').notNull(),
    recordedBy: text('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('company_payments_company_idx').on(table.companyId, table.paidOn),
    check('company_payments_amount_check', sql`${table.amountCents} > 0`),
  ],
);
