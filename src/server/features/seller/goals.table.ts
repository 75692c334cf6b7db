import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { profileRef } from '../profiles/profiles.table';

/** A seller's goal for one month (`YYYY-MM`): a number of sales and/or a commission amount. */
export const sellerGoals = pgTable(
  'seller_goals',
  {
    sellerId: profileRef('seller_id'),
    month: text('month').notNull(),
    targetSales: integer('target_sales'),
    targetCommissionCents: bigint('target_commission_cents', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.sellerId, table.month] })],
);
