import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The public API's change feed (docs/integrations.md "Paging"): one row per
 * order and product of a company, rewritten by a database trigger on every
 * insert and update of `orders` and `products` (migration 0028) with the id of
 * the transaction that wrote it. A list pages in that order and shows only rows
 * whose transaction id is below the oldest transaction still running, so a
 * change committed late never lands behind a cursor a client already holds.
 */
export const apiChanges = pgTable(
  'api_changes',
  {
    entity: text('entity', { enum: ['order', 'product'] }).notNull(),
    entityId: text('entity_id').notNull(),
    companyId: text('company_id').notNull(),
    changeXid: bigint('change_xid', { mode: 'bigint' }).notNull(),
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
