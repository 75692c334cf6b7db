import { and, between, eq, sql, type SQL } from 'drizzle-orm';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
  type AnalyticsReport,
} from '@shared/analytics/analytics.schema';
import { argentineDay, argentineDayEnd, argentineDayStart } from '@shared/time';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  linkOrderFunnel,
  type FunnelOrders,
  type FunnelScope,
} from '../orders/link-funnel.service';
import { productTitles } from '../products/products.service';
import { profileContacts } from '../profiles/profiles.service';
import { linkClickDaily } from './analytics.table';

export type AnalyticsScope = FunnelScope;

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

interface ClickSums {
  key: string;
  clicks: number;
  uniqueVisitors: number;
}

const clickScope = (scope: AnalyticsScope): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(linkClickDaily.sellerKey, scope.id)
    : scope.kind === 'company'
      ? eq(linkClickDaily.companyId, scope.id)
      : undefined;

/** The breakdowns one statement gives: each is one of its grouping sets. */
interface ClickBreakdowns {
  total: ClickSums[];
  byProduct: ClickSums[];
  byChannel: ClickSums[];
  byDay: ClickSums[];
  bySeller: ClickSums[];
}

/**
 * Clicks and unique visitors of the period from the daily summary, in all and
 * by product, channel, day and seller, in one statement (GROUPING SETS): one
 * read of the scope's rows instead of five.
 */
async function clickBreakdowns(
  db: Database,
  scope: AnalyticsScope,
  range: { from: string; to: string },
): Promise<ClickBreakdowns> {
  const daily = linkClickDaily;
  const rows = await db
    .select({
      // Which grouping set a row belongs to: the bit of each column not grouped by is set.
      set: sql<number>`grouping(${daily.productId}, ${daily.channel}, ${daily.day}, ${daily.sellerKey})`,
      productId: daily.productId,
      channel: daily.channel,
      day: sql<string | null>`${daily.day}::text`,
      sellerKey: daily.sellerKey,
      clicks: sql<number>`coalesce(sum(${daily.clicks}), 0)::bigint`,
      uniqueVisitors: sql<number>`coalesce(sum(${daily.uniqueVisitors}), 0)::bigint`,
    })
    .from(daily)
    .where(and(between(daily.day, range.from, range.to), clickScope(scope)))
    .groupBy(
      sql`grouping sets ((), (${daily.productId}), (${daily.channel}), (${daily.day}), (${daily.sellerKey}))`,
    );
  const sums: ClickBreakdowns = {
    total: [],
    byProduct: [],
    byChannel: [],
    byDay: [],
    bySeller: [],
  };
  for (const row of rows) {
    const set = Number(row.set);
    const figures = { clicks: Number(row.clicks), uniqueVisitors: Number(row.uniqueVisitors) };
    // grouping(product, channel, day, seller): 0b0111 = by product … 0b1111 = all.
    if (set === 0b1111) sums.total.push({ key: '', ...figures });
    else if (set === 0b0111) sums.byProduct.push({ key: row.productId!, ...figures });
    else if (set === 0b1011) sums.byChannel.push({ key: row.channel!, ...figures });
    else if (set === 0b1101) sums.byDay.push({ key: row.day!, ...figures });
    else if (set === 0b1110 && row.sellerKey)
      sums.bySeller.push({ key: row.sellerKey, ...figures });
  }
  return sums;
}

interface Tally {
  clicks: number;
  unique_visitors: number;
  orders: number;
  approved_orders: number;
}

const emptyTally = (): Tally => ({ clicks: 0, unique_visitors: 0, orders: 0, approved_orders: 0 });

/** Clicks and orders side by side under one key (a product, a channel, a seller, a day). */
function tallies(
  clicks: ClickSums[],
  orders: FunnelOrders[],
  keyOf: (order: FunnelOrders) => string | null,
): Map<string, Tally> {
  const byKey = new Map<string, Tally>();
  const at = (key: string) => {
    let tally = byKey.get(key);
    if (!tally) byKey.set(key, (tally = emptyTally()));
    return tally;
  };
  for (const row of clicks) {
    const tally = at(row.key);
    tally.clicks += row.clicks;
    tally.unique_visitors += row.uniqueVisitors;
  }
  for (const order of orders) {
    const key = keyOf(order);
    if (key === null) continue;
    const tally = at(key);
    tally.orders += order.orders;
    tally.approved_orders += order.approvedOrders;
  }
  return byKey;
}

const byActivity = (a: Tally, b: Tally) =>
  b.clicks - a.clicks || b.approved_orders - a.approved_orders || b.orders - a.orders;

/**
 * GET /api/{seller,company,admin}/analytics: the funnel of the payment links
 * the scope concerns. Clicks come from the daily summary the click writer
 * keeps (never from the clicks themselves); orders from the orders, so the
 * figures agree with Pedidos to the unit.
 */
export async function analyticsReport(
  db: Database,
  scope: AnalyticsScope,
  query: AnalyticsQuery,
  now = new Date(),
): Promise<AnalyticsReport> {
  const range = analyticsRange(query, now);
  const [clicks, orderRows] = await Promise.all([
    clickBreakdowns(db, scope, range),
    linkOrderFunnel(db, scope, argentineDayStart(range.from), argentineDayEnd(range.to)),
  ]);
  const { total: totals, byProduct, byChannel, byDay, bySeller } = clicks;

  const total = tallies(totals, orderRows, () => '').get('') ?? emptyTally();
  const products = [...tallies(byProduct, orderRows, (order) => order.productId)]
    .sort(([, a], [, b]) => byActivity(a, b))
    .slice(0, TOP);
  const channels = [...tallies(byChannel, orderRows, (order) => order.channel)].sort(
    ([, a], [, b]) => byActivity(a, b),
  );
  const days = tallies(byDay, orderRows, (order) => order.day);
  const sellers =
    scope.kind === 'seller'
      ? []
      : [...tallies(bySeller, orderRows, (order) => order.sellerId)]
          .sort(([, a], [, b]) => byActivity(a, b))
          .slice(0, TOP);

  const [titles, people] = await Promise.all([
    productTitles(
      db,
      products.map(([id]) => id),
    ),
    profileContacts(
      db,
      sellers.map(([id]) => id),
    ),
  ]);

  const daily: AnalyticsReport['daily'] = [];
  for (let day = range.from; day <= range.to; day = shiftDay(day, 1)) {
    const tally = days.get(day) ?? emptyTally();
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
    ([, a], [, b]) => b.approved_orders - a.approved_orders || b.clicks - a.clicks,
  )[0];
  const commission = orderRows.reduce(
    (sum, row) => sum + (scope.kind === 'seller' ? row.sellerCents : row.commissionCents),
    0,
  );

  return {
    from: range.from,
    to: range.to,
    ...total,
    conversion_bps:
      total.unique_visitors > 0
        ? Math.round((total.approved_orders * 10_000) / total.unique_visitors)
        : 0,
    commission_cents: commission,
    by_product: products.map(([id, tally]) => ({
      product_id: id,
      title: titles.get(id) ?? '',
      ...tally,
    })),
    by_channel: channels.map(([channel, tally]) => ({ channel, ...tally })),
    daily,
    ...(scope.kind === 'seller'
      ? {}
      : {
          by_seller: sellers.map(([id, tally]) => ({
            seller_id: id,
            name: people.get(id)?.name ?? '',
            ...tally,
          })),
        }),
    best_day: bestDay?.day ?? null,
    best_channel:
      bestChannel && (bestChannel[1].approved_orders > 0 || bestChannel[1].clicks > 0)
        ? bestChannel[0]
        : null,
  };
}
