import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';
import { profiles } from '../profiles/profiles.table';

/**
 * What companies owe: immutable entries, written in the same transaction as
 * the order status change that causes them. An approved order writes what
 * its company owes the seller (`seller_cents`) and the platform
 * (`platform_cents`); an order that stops counting writes the reversing
 * entries. Balances are sums of entries, never recomputed from orders.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** Who the company owes: a seller, or the platform. */
    party: text('party', { enum: ['seller', 'platform'] }).notNull(),
    sellerId: text('seller_id').references(() => profiles.id, { onDelete: 'restrict' }),
    /** Positive: the company owes it; negative: a reversal of an earlier entry. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /**
     * `accrual` when an order starts counting as a sale, `reversal` when it
     * stops, `clawback` when an admin confirms the seller's fraud (risk center).
     */
    kind: text('kind', { enum: ['accrual', 'reversal', 'clawback'] }).notNull(),
    /**
     * Collected at the source: the payment split itself (the company's connected
     * account), so the platform already holds this commission and the company
     * owes nothing for it; the seller's share waits only for the hold.
     */
    collected: boolean('collected').notNull().default(false),
    /** An accrual may be paid out SETTLEMENT_HOLD_DAYS after this moment (the approval). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_entries_order_idx').on(table.orderId),
    index('ledger_entries_seller_idx').on(table.sellerId, table.createdAt),
    index('ledger_entries_company_idx').on(table.companyId, table.createdAt),
    check(
      'ledger_entries_party_check',
      sql`(${table.party} = 'seller') = (${table.sellerId} IS NOT NULL)`,
    ),
  ],
);
