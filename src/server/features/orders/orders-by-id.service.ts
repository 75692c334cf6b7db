import { and, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { scopeCondition, type CompanyScope } from '../../lib/scope';
import type { OrderRow } from './orders.service';
import { orders, ORDER_OWNERS } from './orders.table';

/**
 * The orders among `ids` that are in the company's scope, in the order of
 * `ids` (the public API's change feed names them; features/integrations).
 */
export async function scopedOrdersByIds(
  db: Database,
  scope: CompanyScope,
  ids: string[],
): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, ids), scopeCondition(scope, ORDER_OWNERS)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
