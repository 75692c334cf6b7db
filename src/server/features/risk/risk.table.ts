import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { RISK_KINDS, RISK_STATUSES } from '@shared/risk/risk.schema';
import { orders } from '../orders/orders.table';
import { profiles } from '../profiles/profiles.table';

/**
 * A suspicion about a seller, of one kind: at most one open per seller and
 * kind (later events join it), until an admin dismisses or confirms it. An
 * open flag holds the seller's payouts.
 */
export const riskFlags = pgTable(
  'risk_flags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RISK_KINDS }).notNull(),
    status: text('status', { enum: RISK_STATUSES }).notNull().default('open'),
    eventCount: integer('event_count').notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    resolvedBy: text('resolved_by'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    /** What confirming it took back from the seller (reversal entries), in cents. */
    reversedCents: bigint('reversed_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    uniqueIndex('risk_flags_open_uq')
      .on(table.sellerId, table.kind)
      .where(sql`${table.status} = 'open'`),
    index('risk_flags_status_idx').on(table.status, table.lastAt),
    index('risk_flags_seller_idx').on(table.sellerId, table.status),
  ],
);

/** One thing that raised a flag, with its evidence (buyers' data masked), when it happened. */
export const riskEvents = pgTable(
  'risk_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    flagId: bigint('flag_id', { mode: 'number' })
      .notNull()
      .references(() => riskFlags.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    detail: text('detail').notNull(),
  },
  (table) => [
    index('risk_events_flag_idx').on(table.flagId, table.at),
    // An order becoming a sale asks whether a confirmed fraud names it.
    index('risk_events_order_idx').on(table.orderId),
    // An order raises each flag once, however often its signal is looked at.
    uniqueIndex('risk_events_flag_order_uq')
      .on(table.flagId, table.orderId)
      .where(sql`${table.orderId} IS NOT NULL`),
  ],
);

/**
 * The visitor hashes (link analytics' daily keyed hash of address and browser)
 * a seller's signed-in requests came from, per Argentine day: a buyer with one
 * of them that day is the seller. Kept two days, like the salts.
 */
export const sellerSightings = pgTable(
  'seller_sightings',
  {
    visitorHash: text('visitor_hash').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.visitorHash, table.day, table.sellerId] })],
);
