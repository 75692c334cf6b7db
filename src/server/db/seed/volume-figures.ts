import { inArray, sql } from 'drizzle-orm';
import { SALE_STATUSES } from '@shared/order-status';
import type { Transaction } from '../client';
import { argentineDaySql } from '../../lib/sql-time';
import {
  linkOrderDaily,
  linkOrderVersions,
  orderDailyTotals,
  orders,
  orderTotals,
} from '../../features/orders/orders.table';
import { profiles } from '../../features/profiles/profiles.table';

const CHUNK = 1000;

/** Writes rows a chunk at a time (one statement may only carry so many parameters). */
export async function insertChunks<T>(
  rows: T[],
  insert: (chunk: T[]) => Promise<unknown>,
  size = CHUNK,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** SQL sums of bigint columns arrive as text. */
function asNumbers<
  T extends {
    totalCents: unknown;
    companyCents: unknown;
    sellerCents: unknown;
    platformCents: unknown;
  },
>(row: T) {
  return {
    ...row,
    totalCents: Number(row.totalCents),
    companyCents: Number(row.companyCents),
    sellerCents: Number(row.sellerCents),
    platformCents: Number(row.platformCents),
  };
}

/**
 * The sellers' points and sales, the dashboards' totals and the link orders'
 * daily rows of the analytics funnel, from the orders just written.
 */
export async function deriveFigures(
  tx: Transaction,
  companyIds: string[],
  sellerIds: string[],
): Promise<void> {
  for (let i = 0; i < sellerIds.length; i += CHUNK) {
    const ids = sellerIds.slice(i, i + CHUNK);
    await tx
      .update(profiles)
      .set({
        points: sql`coalesce((select sum(${orders.pointsAwarded}) from ${orders} where ${orders.sellerId} = ${profiles.id}), 0)`,
        sales: sql`(select count(*) from ${orders} where ${orders.sellerId} = ${profiles.id} and ${inArray(orders.status, [...SALE_STATUSES])})`,
      })
      .where(inArray(profiles.id, ids));
  }
  const sums = {
    orders: sql<number>`count(*)::int`,
    totalCents: sql<number>`sum(${orders.totalCents})`,
    companyCents: sql<number>`sum(${orders.companyCents})`,
    sellerCents: sql<number>`sum(${orders.sellerCents})`,
    platformCents: sql<number>`sum(${orders.platformCents})`,
  };
  // companyIds are companies', so every row has one (`companyId` is typed nullable for the storefront).
  const companyId = sql<string>`${orders.companyId}`;
  const totals = await tx
    .select({ companyId, status: orders.status, ...sums })
    .from(orders)
    .where(inArray(orders.companyId, companyIds))
    .groupBy(orders.companyId, orders.status);
  await insertChunks(totals.map(asNumbers), (chunk) => tx.insert(orderTotals).values(chunk));
  const day = argentineDaySql(orders.createdAt);
  const daily = await tx
    .select({ companyId, day, status: orders.status, ...sums })
    .from(orders)
    .where(inArray(orders.companyId, companyIds))
    .groupBy(orders.companyId, day, orders.status);
  await insertChunks(daily.map(asNumbers), (chunk) => tx.insert(orderDailyTotals).values(chunk));
  // Approved means approved or delivered now, as link-order-totals.ts counts them.
  const converts = sql`${orders.status} in ('approved', 'delivered')`;
  await tx.insert(linkOrderDaily).select(
    tx
      .select({
        companyId: sql<string>`${orders.companyId}`.as('company_id'),
        day: sql<string>`${day}::date`.as('day'),
        productId: sql<string>`${orders.productId}`.as('product_id'),
        sellerKey: sql<string>`coalesce(${orders.sellerId}, '')`.as('seller_key'),
        channel: sql<string>`coalesce(${orders.linkSource}, 'direct')`.as('channel'),
        orders: sql<number>`count(*)::int`.as('orders'),
        approvedOrders: sql<number>`(count(*) filter (where ${converts}))::int`.as(
          'approved_orders',
        ),
        sellerCents:
          sql<number>`coalesce(sum(${orders.sellerCents}) filter (where ${converts}), 0)`.as(
            'seller_cents',
          ),
        commissionCents:
          sql<number>`coalesce(sum(${orders.sellerCents} + ${orders.platformCents}) filter (where ${converts}), 0)`.as(
            'commission_cents',
          ),
      })
      .from(orders)
      .where(inArray(orders.companyId, companyIds))
      .groupBy(sql`1, 2, 3, 4, 5`)
      // Day by day, as orders are placed (a day's rows stored together).
      .orderBy(sql`2`),
  );
  // Past days got new rows: a report that kept their sums must read them again.
  await tx
    .insert(linkOrderVersions)
    .select(
      tx
        .selectDistinct({
          day: linkOrderDaily.day,
          version: sql<number>`1`.as('version'),
        })
        .from(linkOrderDaily)
        .where(inArray(linkOrderDaily.companyId, companyIds)),
    )
    .onConflictDoUpdate({
      target: linkOrderVersions.day,
      set: { version: sql`${linkOrderVersions.version} + 1` },
    });
}
