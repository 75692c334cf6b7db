import { and, between, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  type AnalyticsReport,
} from '@shared/analytics/analytics.schema';
import { argentineDay } from '@shared/time';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { linkOrderRows, type FunnelScope } from '../orders/link-funnel.service';
import { productTitleSql } from '../products/products.service';
import { partyNames } from '../profiles/profiles.service';
import { linkClickDaily } from './analytics.table';

/** The most rows a breakdown lists (the top ones). */
const TOP = 50;
const DAY_MS = 86_400_000;

const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period asked for: `to` defaults to today, `from` to 29 days before `to` (30 days). */
export function analyticsRange(query: AnalyticsQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? argentineDay(now);
  const from = query.from ?? shiftDay(to, -29);
  if (from > to) throw new AppError('VALIDATION_FAILED', ANALYTICS_MESSAGES.rangeInvalid, 400);
  const days =
    Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / DAY_MS) + 1;
  if (days > ANALYTICS_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', ANALYTICS_MESSAGES.rangeTooLong, 400);
  }
  return { from, to };
}

export type AnalyticsScope = FunnelScope;

interface Tally {
  clicks: number;
  unique_visitors: number;
  orders: number;
  approved_orders: number;
}

/** One breakdown's row: a product, a channel, a day or a seller, and its funnel. */
interface Breakdown {
  key: string;
  /** A product's title or a seller's name, read in the same statement. */
  name: string;
  tally: Tally;
}

/** The breakdowns one statement gives: each is one of its grouping sets. */
interface FunnelBreakdowns {
  total: Tally;
  /** The approved orders' commission: the seller's share, and the whole. */
  sellerCents: number;
  commissionCents: number;
  byProduct: Breakdown[];
  byChannel: Breakdown[];
  byDay: Map<string, Tally>;
  bySeller: Breakdown[];
}

const emptyTally = (): Tally => ({ clicks: 0, unique_visitors: 0, orders: 0, approved_orders: 0 });

const scopeOf = (scope: AnalyticsScope): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(linkClickDaily.sellerKey, scope.id)
    : scope.kind === 'company'
      ? eq(linkClickDaily.companyId, scope.id)
      : undefined;

/**
 * The funnel of the period, in all and by product, channel, day and seller,
 * with the products' titles and the sellers' names, in one statement: the
 * clicks' daily summary (kept by the click writer) and the link orders' (kept
 * by the orders service with each order), added up with GROUPING SETS. One
 * read of the scope's rows and one round trip.
 */
async function funnelBreakdowns(
  db: Database,
  scope: AnalyticsScope,
  range: { from: string; to: string },
): Promise<FunnelBreakdowns> {
  const clicks = linkClickDaily;
  const rows = unionAll(
    db
      .select({
        day: clicks.day,
        productId: clicks.productId,
        sellerKey: clicks.sellerKey,
        channel: clicks.channel,
        clicks: clicks.clicks,
        uniqueVisitors: clicks.uniqueVisitors,
        orders: sql<number>`0`.as('orders'),
        approvedOrders: sql<number>`0`.as('approved_orders'),
        sellerCents: sql<number>`0`.as('seller_cents'),
        commissionCents: sql<number>`0`.as('commission_cents'),
      })
      .from(clicks)
      .where(and(between(clicks.day, range.from, range.to), scopeOf(scope))),
    linkOrderRows(db, scope, range),
  ).as('funnel');
  // Which grouping set a row belongs to: the bit of each column not grouped by is set.
  const set = sql<number>`grouping(${rows.productId}, ${rows.channel}, ${rows.day}, ${rows.sellerKey})`;
  const sum = (column: SQLWrapper) => sql<string>`sum(${column})`;
  const result = await db
    .select({
      set,
      productId: rows.productId,
      channel: rows.channel,
      day: sql<string | null>`${rows.day}::text`,
      sellerKey: rows.sellerKey,
      // grouping(product, channel, day, seller): 0b0111 = by product, 0b1110 = by seller.
      name: sql<string | null>`case
        when ${set} = 7 then ${productTitleSql(rows.productId)}
        ${scope.kind === 'seller' ? sql`` : sql`when ${set} = 14 then ${partyNames.sellerName(rows.sellerKey)}`}
      end`,
      clicks: sum(rows.clicks),
      uniqueVisitors: sum(rows.uniqueVisitors),
      orders: sum(rows.orders),
      approvedOrders: sum(rows.approvedOrders),
      sellerCents: sum(rows.sellerCents),
      commissionCents: sum(rows.commissionCents),
    })
    .from(rows)
    .groupBy(
      sql`grouping sets ((), (${rows.productId}), (${rows.channel}), (${rows.day}), (${rows.sellerKey}))`,
    );
  const breakdowns: FunnelBreakdowns = {
    total: emptyTally(),
    sellerCents: 0,
    commissionCents: 0,
    byProduct: [],
    byChannel: [],
    byDay: new Map(),
    bySeller: [],
  };
  for (const row of result) {
    const tally: Tally = {
      clicks: Number(row.clicks),
      unique_visitors: Number(row.uniqueVisitors),
      orders: Number(row.orders),
      approved_orders: Number(row.approvedOrders),
    };
    const name = row.name ?? '';
    switch (Number(row.set)) {
      case 0b1111:
        breakdowns.total = tally;
        breakdowns.sellerCents = Number(row.sellerCents);
        breakdowns.commissionCents = Number(row.commissionCents);
        break;
      case 0b0111:
        breakdowns.byProduct.push({ key: row.productId!, name, tally });
        break;
      case 0b1011:
        breakdowns.byChannel.push({ key: row.channel!, name, tally });
        break;
      case 0b1101:
        breakdowns.byDay.set(row.day!, tally);
        break;
      case 0b1110:
        // The company's own link (no seller) is not a seller.
        if (row.sellerKey) breakdowns.bySeller.push({ key: row.sellerKey, name, tally });
        break;
    }
  }
  return breakdowns;
}

const byActivity = (a: Breakdown, b: Breakdown) =>
  b.tally.clicks - a.tally.clicks ||
  b.tally.approved_orders - a.tally.approved_orders ||
  b.tally.orders - a.tally.orders;

/**
 * GET /api/{seller,company,admin}/analytics: the funnel of the payment links
 * the scope concerns, from the funnel's daily summary (never the clicks or
 * the orders themselves): its clicks are added by the click writer, its
 * orders by the orders service in each order's own transactions, so the
 * figures agree with Pedidos to the unit.
 */
export async function analyticsReport(
  db: Database,
  scope: AnalyticsScope,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<AnalyticsReport> {
  const range = analyticsRange(query, now);
  const funnel = await funnelBreakdowns(db, scope, range);
  const { total } = funnel;
  const products = funnel.byProduct.sort(byActivity).slice(0, TOP);
  const channels = funnel.byChannel.sort(byActivity);
  const sellers = scope.kind === 'seller' ? [] : funnel.bySeller.sort(byActivity).slice(0, TOP);

  const daily: AnalyticsReport['daily'] = [];
  for (let day = range.from; day <= range.to; day = shiftDay(day, 1)) {
    const tally = funnel.byDay.get(day) ?? emptyTally();
    daily.push({
      day,
      clicks: tally.clicks,
      unique_visitors: tally.unique_visitors,
      orders: tally.orders,
    });
  }
  const bestDay = daily.reduce<(typeof daily)[number] | null>(
    (best, day) => (day.clicks > 0 && (!best || day.clicks > best.clicks) ? day : best),
    null,
  );
  const bestChannel = [...channels].sort(
    (a, b) => b.tally.approved_orders - a.tally.approved_orders || b.tally.clicks - a.tally.clicks,
  )[0];

  return {
    from: range.from,
    to: range.to,
    ...total,
    conversion_bps:
      total.unique_visitors > 0
        ? Math.round((total.approved_orders * 10_000) / total.unique_visitors)
        : 0,
    commission_cents: scope.kind === 'seller' ? funnel.sellerCents : funnel.commissionCents,
    by_product: products.map(({ key, name, tally }) => ({
      product_id: key,
      title: name,
      ...tally,
    })),
    by_channel: channels.map(({ key, tally }) => ({ channel: key, ...tally })),
    daily,
    ...(scope.kind === 'seller'
      ? {}
      : {
          by_seller: sellers.map(({ key, name, tally }) => ({ seller_id: key, name, ...tally })),
        }),
    best_day: bestDay?.day ?? null,
    best_channel:
      bestChannel && (bestChannel.tally.approved_orders > 0 || bestChannel.tally.clicks > 0)
        ? bestChannel.key
        : null,
  };
}
