import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/profiles.table';

/**
 * A batch of transfers to sellers, made by an admin from what each seller can
 * be paid; downloaded for home banking and marked paid when it is sent.
 */
export const payoutBatches = pgTable('payout_batches', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  status: text('status', { enum: ['created', 'paid'] })
    .notNull()
    .default('created'),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidBy: text('paid_by'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** The bank's reference of the transfers. */
  reference: text('reference'),
});

/** One seller's transfer in a batch, with the payment details it used (kept as they were). */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: bigint('batch_id', { mode: 'number' })
      .notNull()
      .references(() => payoutBatches.id, { onDelete: 'restrict' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['mercadopago', 'bank'] }).notNull(),
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payouts_batch_seller_uq').on(table.batchId, table.sellerId),
    index('payouts_seller_idx').on(table.sellerId, table.createdAt),
    check('payouts_amount_check', sql`${table.amountCents} > 0`),
  ],
);
