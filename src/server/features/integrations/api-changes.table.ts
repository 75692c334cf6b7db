import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The public API's change feed (docs/integrations.md "Paging with the cursor"):
 * one row per order and product of a company, rewritten by a database trigger
 * on every insert and update of `orders` and `products` (migration 0028) with
 * the id of the transaction that wrote it and the columns the lists filter on.
 * A list pages in that order and shows only rows whose transaction id is below
 * the oldest transaction still running, so a change committed late never lands
 * behind a cursor a client already holds.
 */
export const apiChanges = pgTable(
  'api_changes',
  {
    entity: text('entity', { enum: ['order', 'product'] }).notNull(),
    entityId: text('entity_id').notNull(),
    companyId: text('company_id').notNull(),
    changeXid: bigint('change_xid', { mode: 'bigint' }).notNull(),
    /** An order's status and channel (null for a product). */
    status: text('status'),
    channel: text('channel'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** False once a product is deleted: the API no longer shows it. */
    listed: boolean('listed').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.entity, table.entityId] }),
    index('api_changes_feed_idx').on(
      table.companyId,
      table.entity,
      table.changeXid,
      table.entityId,
    ),
  ],
);
