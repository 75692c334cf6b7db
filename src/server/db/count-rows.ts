import { inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client';

/**
 * How many rows of `column`'s table point at each of `ids` (a batch's
 * payouts, an order's lines), in one grouped query; ids without rows are absent.
 */
export async function countRowsBy<Id extends string | number>(
  db: Database | Transaction,
  column: PgColumn,
  ids: readonly Id[],
): Promise<Map<Id, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ key: column, count: sql<number>`count(*)::int` })
    .from(column.table)
    .where(inArray(column, [...ids]))
    .groupBy(column);
  // The column's own type: its values are the ids asked for.
  return new Map(rows.map((row) => [row.key as Id, row.count]));
}
