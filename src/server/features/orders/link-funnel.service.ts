import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { argentineDaySql } from '../../lib/sql-time';
import { orders } from './orders.table';

/** Whose payment-link orders a funnel counts. */
export type FunnelScope =
  { kind: 'seller'; id: string } | { kind: 'company'; id: string } | { kind: 'platform' };

/** Payment-link orders of one Argentine day, product, seller and channel. */
export interface FunnelOrders {
  day: string;
  productId: string;
  sellerId: string | null;
  channel: string;
  orders: number;
  approvedOrders: number;
  /** Commission of the approved (and delivered) ones: the seller's share, and the whole. */
  sellerCents: number;
  commissionCents: number;
}

const scopeOf = (scope: FunnelScope): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(orders.sellerId, scope.id)
    : scope.kind === 'company'
      ? eq(orders.companyId, scope.id)
      : undefined;

/**
 * The payment-link orders placed in [from, to) for the analytics funnel,
 * summed per Argentine day, product, seller and channel (the click's, kept on
 * the order; `direct` for orders that came with none). Approved means
 * approved or delivered now: a refunded sale no longer converts.
 */
export async function linkOrderFunnel(
  db: Database,
  scope: FunnelScope,
  from: Date,
  to: Date,
): Promise<FunnelOrders[]> {
  const counted = sql`${orders.status} in ('approved', 'delivered')`;
  const day = argentineDaySql(orders.createdAt);
  const channel = sql<string>`coalesce(${orders.linkSource}, 'direct')`;
  const rows = await db
    .select({
      day,
      productId: sql<string>`${orders.productId}`,
      sellerId: orders.sellerId,
      channel,
      orders: sql<number>`count(*)::int`,
      approvedOrders: sql<number>`(count(*) filter (where ${counted}))::int`,
      sellerCents: sql<number>`coalesce(sum(${orders.sellerCents}) filter (where ${counted}), 0)::bigint`,
      commissionCents: sql<number>`coalesce(sum(${orders.sellerCents} + ${orders.platformCents}) filter (where ${counted}), 0)::bigint`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.channel, 'link'),
        gte(orders.createdAt, from),
        lt(orders.createdAt, to),
        scopeOf(scope),
      ),
    )
    .groupBy(day, orders.productId, orders.sellerId, channel);
  return rows.map((row) => ({
    ...row,
    orders: Number(row.orders),
    approvedOrders: Number(row.approvedOrders),
    sellerCents: Number(row.sellerCents),
    commissionCents: Number(row.commissionCents),
  }));
}
