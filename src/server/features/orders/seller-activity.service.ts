import { desc, eq, sql } from 'drizzle-orm';
import type { Activity } from '@shared/seller/seller.schema';
import type { Database } from '../../db/client';
import { orders, orderStatusHistory } from './orders.table';

/**
 * A seller's latest orders, each once, at its latest status change (a new
 * order, approved, refunded…) with the status that change left, newest first.
 */
export async function sellerActivity(
  db: Database,
  sellerId: string,
  limit = 5,
): Promise<Activity[]> {
  // Each order's latest history row: one row per order, however often it changed.
  const latest = db
    .selectDistinctOn([orderStatusHistory.orderId], {
      orderId: orderStatusHistory.orderId,
      historyId: orderStatusHistory.id,
      status: orderStatusHistory.status,
      at: orderStatusHistory.createdAt,
    })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(eq(orders.sellerId, sellerId))
    .orderBy(
      orderStatusHistory.orderId,
      desc(orderStatusHistory.createdAt),
      desc(orderStatusHistory.id),
    )
    .as('latest');
  const rows = await db
    .select({
      orderId: latest.orderId,
      status: latest.status,
      productTitle: orders.productTitle,
      totalCents: orders.totalCents,
      sellerCents: orders.sellerCents,
      at: latest.at,
      // The status this change left: whether the commission was counted before it.
      previous: sql<string | null>`(
        select earlier.status from ${orderStatusHistory} earlier
        where earlier.order_id = ${latest.orderId}
          and (earlier.created_at, earlier.id) < (${latest.at}, ${latest.historyId})
        order by earlier.created_at desc, earlier.id desc
        limit 1
      )`,
    })
    .from(latest)
    .innerJoin(orders, eq(orders.id, latest.orderId))
    .orderBy(desc(latest.at), desc(latest.historyId))
    .limit(limit);
  return rows.map((row) => ({
    order_id: row.orderId,
    status: row.status,
    product_title: row.productTitle,
    total_cents: row.totalCents,
    seller_cents: row.sellerCents,
    previous_status: row.previous,
    at: row.at.toISOString(),
  }));
}
