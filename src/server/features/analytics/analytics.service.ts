import { unionAll } from 'drizzle-orm/pg-core';
import {
  NAMED_CHANNELS,
  type AnalyticsQuery,
  type AnalyticsReport,
} from '@shared/analytics/analytics.schema';
import { ERROR_CODES } from '@shared/errors';
import { PERIOD_MESSAGES } from '@shared/messages';
import {
  argentineDay,
  argentineDayStart,
  daysOfPeriod,
  FIRST_DAY,
  periodProblem,
  shiftDay,
} from '@shared/time';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hourOf } from '../orders/link-order-totals';
import { productTitles } from '../products/products.service';
import { profileNames } from '../profiles/profiles.service';
import { bestChannelOf } from './best-channel';
import { reportChannels } from './channel-cap';
import { emptyTally, sumOf, topOf, type Funnel } from './funnel';
import { clickRows, groupFunnel, recentFunnel } from './funnel-reads';
import { linkOrderRows, type AnalyticsScope, type FunnelRange } from './link-funnel.service';
import { CLOSING_GRACE_MS, type ReportMemory } from './report-memory';

export type { AnalyticsScope } from './link-funnel.service';
export { ReportMemory } from './report-memory';

/** The most rows a breakdown lists (the top ones). */
const TOP = 50;
/** The later of two `YYYY-MM-DD` days (four-digit years sort as they come). */
const latestDay = (a: string, b: string) => (a > b ? a : b);

/**
 * The period asked for: `to` defaults to today, `from` to 29 days before `to`
 * (30 days, fewer at the calendar's first day). With its defaults filled in it is checked again (a `from` alone
 * may lie years before today): real days, forwards, at most 366 of them.
 */
export function analyticsRange(query: AnalyticsQuery, now: Date): { from: string; to: string } {
  const to = query.to ?? argentineDay(now);
  const from = query.from ?? latestDay(shiftDay(to, -29), FIRST_DAY);
  const problem = periodProblem(from, to);
  if (problem) throw new AppError(ERROR_CODES.invalidPeriod, PERIOD_MESSAGES[problem], 400);
  return { from, to };
}

/**
 * The funnel of the period: its days that are over (kept in `memory`, or read
 * now without it) and today (with yesterday, just after midnight), read now
 * with the version sum of the days that are over, in one statement; when that
 * sum has grown since the kept sums were read, the days that are over are
 * read again.
 */
async function periodFunnel(
  db: Database,
  scope: AnalyticsScope,
  range: FunnelRange,
  now: Date,
  memory: ReportMemory | undefined,
): Promise<{ past: Funnel | null; recent: Funnel }> {
  const lastClosed = shiftDay(argentineDay(new Date(now.getTime() - CLOSING_GRACE_MS)), -1);
  if (!memory || range.from > lastClosed) {
    const { funnel } = await groupFunnel(
      db,
      unionAll(clickRows(db, scope, range), linkOrderRows(db, scope, range)),
    );
    return { past: null, recent: funnel };
  }
  const closed = { from: range.from, to: range.to < lastClosed ? range.to : lastClosed };
  // Empty (from after to) when the period ended before today.
  const open = { from: shiftDay(closed.to, 1), to: range.to };
  const at = Date.now();
  if (scope.kind === 'platform' && open.from <= open.to) {
    return platformPeriod(db, scope, { closed, open }, now, memory);
  }
  const [kept, recent] = await Promise.all([
    memory.closedDays(db, scope, closed, at),
    scope.kind === 'platform'
      ? groupFunnel(
          db,
          unionAll(clickRows(db, scope, open), linkOrderRows(db, scope, open)),
          closed,
        )
      : recentFunnel(db, scope, open, closed),
  ]);
  const past =
    kept.version >= recent.version
      ? kept
      : await memory.closedDays(db, scope, closed, at, recent.version);
  return { past: past.funnel, recent: recent.funnel };
}

/**
 * The platform's period with days still open: its open days are thousands
 * of rows on a busy platform, so they are read by the hour. The hours that
 * are over (from ten minutes after their end, as days) are kept, added to
 * the kept days; each report reads what changed in the hour under way since
 * the instance's last reading, with the kept days' version sum, in one
 * statement (ReportMemory.liveHours).
 */
async function platformPeriod(
  db: Database,
  scope: AnalyticsScope,
  { closed, open }: { closed: FunnelRange; open: FunnelRange },
  now: Date,
  memory: ReportMemory,
): Promise<{ past: Funnel; recent: Funnel }> {
  const until = Math.max(
    argentineDayStart(open.from).getTime(),
    hourOf(new Date(now.getTime() - CLOSING_GRACE_MS)).getTime(),
  );
  const at = Date.now();
  const [kept, hours, live] = await Promise.all([
    memory.closedDays(db, scope, closed, at),
    memory.closedHours(db, open, until),
    memory.liveHours(db, open, new Date(until), closed),
  ]);
  const days =
    kept.version >= live.version
      ? kept
      : await memory.closedDays(db, scope, closed, at, live.version);
  return { past: memory.pastOf(days.funnel, hours), recent: live.funnel };
}

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
  options: { now?: Date; memory?: ReportMemory } = {},
): Promise<AnalyticsReport> {
  const now = options.now ?? new Date();
  const range = analyticsRange(query, now);
  // Two funnels of disjoint days (the past one kept), added up as the report needs them.
  const { past, recent } = await periodFunnel(db, scope, range, now, options.memory);
  const total = past ? sumOf(past.total, recent.total) : recent.total;
  const commissionCents =
    scope.kind === 'seller'
      ? (past?.sellerCents ?? 0) + recent.sellerCents
      : (past?.commissionCents ?? 0) + recent.commissionCents;
  const products = topOf(past?.byProduct, recent.byProduct, TOP);
  // At most 20 named channels, the rest summed as `otros` (channel-cap.ts).
  const channels = reportChannels(
    topOf(past?.byChannel, recent.byChannel, NAMED_CHANNELS + 1),
    total,
  );
  const sellers = scope.kind === 'seller' ? [] : topOf(past?.bySeller, recent.bySeller, TOP);
  // The listed products' titles and sellers' names (kept for a minute when there is memory).
  const productIds = products.map((product) => product.key);
  const sellerIds = sellers.map((seller) => seller.key);
  const { titles, names } = options.memory
    ? await options.memory.namesOf(db, productIds, sellerIds, Date.now())
    : await Promise.all([productTitles(db, productIds), profileNames(db, sellerIds)]).then(
        ([titles, names]) => ({ titles, names }),
      );

  // One row per day of the period: as many as its days (at most 366), counted, never compared.
  const daily: AnalyticsReport['daily'] = daysOfPeriod(range.from, range.to).map((day) => {
    const [before, after] = [past?.byDay.get(day), recent.byDay.get(day)];
    const tally = before && after ? sumOf(before, after) : (before ?? after ?? emptyTally());
    return {
      day,
      clicks: tally.clicks,
      unique_visitors: tally.unique_visitors,
      orders: tally.orders,
    };
  });
  const bestDay = daily.reduce<(typeof daily)[number] | null>(
    (best, day) => (day.clicks > 0 && (!best || day.clicks > best.clicks) ? day : best),
    null,
  );
  return {
    from: range.from,
    to: range.to,
    ...total,
    conversion_bps:
      total.unique_visitors > 0
        ? Math.round((total.approved_orders * 10_000) / total.unique_visitors)
        : 0,
    commission_cents: commissionCents,
    by_product: products.map(({ key, tally }) => ({
      product_id: key,
      title: titles.get(key) ?? '',
      ...tally,
    })),
    by_channel: channels.map(({ key, tally }) => ({ channel: key, ...tally })),
    daily,
    ...(scope.kind === 'seller'
      ? {}
      : {
          by_seller: sellers.map(({ key, tally }) => ({
            seller_id: key,
            name: names.get(key) ?? '',
            ...tally,
          })),
        }),
    best_day: bestDay?.day ?? null,
    best_channel: bestChannelOf(channels),
  };
}
