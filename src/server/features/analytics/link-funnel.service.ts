import { and, between, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CompanyScope, PlatformScope, SellerScope } from '../../lib/scope';
import { linkOrderDaily, linkOrderVersions } from '../orders/orders.table';

/** A value, or a placeholder for it in a prepared statement. */
export type Bound = string | Placeholder;

/** Whose payment links a report counts: a seller's, a company's or the platform's (lib/scope.ts). */
export type AnalyticsScope = SellerScope | CompanyScope | PlatformScope;

/**
 * An analytics scope whose id may be a placeholder, for the statements
 * prepared once per kind of scope (the same scopes, their id bound later).
 */
export type BoundScope = AnalyticsScope extends infer S
  ? S extends { readonly id: string }
    ? Omit<S, 'id'> & { readonly id: Bound }
    : S
  : never;

/** The Argentine days [from, to] a funnel counts. */
export interface FunnelRange<Day extends Bound = string> {
  from: Day;
  to: Day;
}

const scopeOf = (scope: BoundScope): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(linkOrderDaily.sellerKey, scope.id)
    : scope.kind === 'company'
      ? eq(linkOrderDaily.companyId, scope.id)
      : undefined;

/**
 * For the analytics funnel's statement: the payment-link orders placed on the
 * Argentine days [from, to], per day, product, seller ('' for none) and
 * channel, from `link_order_daily` (kept with every order's creation and
 * status change, so it equals a sum over the orders), with clicks and unique
 * visitors at 0 for the caller to add its clicks to (UNION ALL). Approved
 * means approved or delivered now: a refunded sale no longer converts.
 */
export function linkOrderRows(db: Database, scope: BoundScope, range: FunnelRange<Bound>) {
  const daily = linkOrderDaily;
  return db
    .select({
      day: daily.day,
      productId: daily.productId,
      sellerKey: daily.sellerKey,
      channel: daily.channel,
      clicks: sql<number>`0`.as('clicks'),
      uniqueVisitors: sql<number>`0`.as('unique_visitors'),
      orders: daily.orders,
      approvedOrders: daily.approvedOrders,
      sellerCents: daily.sellerCents,
      commissionCents: daily.commissionCents,
    })
    .from(daily)
    .where(and(between(daily.day, range.from, range.to), scopeOf(scope)));
}

/**
 * The sum of the versions of the days [from, to] (link_order_versions), as a
 * scalar for the statement that reads those days' funnel or today's: it
 * grows whenever an order placed on one of those days enters or leaves
 * approved after its day, or late clicks are written to one of them, so a
 * funnel of those days kept with the sum it was read with is still right
 * while the sum is the same.
 */
export function linkOrderVersionSum(range: FunnelRange<Bound>): SQL<number> {
  const versions = linkOrderVersions;
  return sql<number>`(select coalesce(sum(${versions.version}), 0)::float8 from ${versions} where ${between(versions.day, range.from, range.to)})`;
}
