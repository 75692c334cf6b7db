import { and, between, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  NAMED_CHANNELS,
  type AnalyticsQuery,
  type AnalyticsReport,
} from '@shared/analytics/analytics.schema';
import { ERROR_CODES } from '@shared/errors';
import { PERIOD_MESSAGES } from '@shared/messages';
import { argentineDay, daysOfPeriod, FIRST_DAY, periodProblem, shiftDay } from '@shared/time';
import type { Database } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { AppError } from '../../lib/app-error';
import {
  linkOrderRows,
  linkOrderVersionSum,
  type Bound,
  type FunnelRange,
  type FunnelScope,
} from '../orders/link-funnel.service';
import { productTitles } from '../products/products.service';
import { profileNames } from '../profiles/profiles.service';
import { linkClickDaily } from './analytics.table';
import { bestChannelOf } from './best-channel';
import { reportChannels } from './channel-cap';

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
  tally: Tally;
}

/**
 * A period's funnel, in all and by product, channel, day and seller (the
 * company's own link, with no seller, is not a seller). Orders carry the
 * approved orders' commission: the seller's share and the whole.
 */
interface Funnel {
  total: Tally;
  sellerCents: number;
  commissionCents: number;
  byProduct: Map<string, Tally>;
  byChannel: Map<string, Tally>;
  byDay: Map<string, Tally>;
  bySeller: Map<string, Tally>;
}

const emptyTally = (): Tally => ({ clicks: 0, unique_visitors: 0, orders: 0, approved_orders: 0 });

const emptyFunnel = (): Funnel => ({
  total: emptyTally(),
  sellerCents: 0,
  commissionCents: 0,
  byProduct: new Map(),
  byChannel: new Map(),
  byDay: new Map(),
  bySeller: new Map(),
});

function addInto(sum: Tally, tally: Tally): void {
  sum.clicks += tally.clicks;
  sum.unique_visitors += tally.unique_visitors;
  sum.orders += tally.orders;
  sum.approved_orders += tally.approved_orders;
}

/** Adds a tally to a breakdown's row (a new row is a copy: kept funnels are never changed). */
function addTally(into: Map<string, Tally>, key: string, tally: Tally): void {
  const sum = into.get(key);
  if (sum) addInto(sum, tally);
  else into.set(key, { ...tally });
}

/** Two tallies added up, as a new tally. */
function sumOf(a: Tally, b: Tally): Tally {
  const sum = { ...a };
  addInto(sum, b);
  return sum;
}

/** Most clicks first, then sales and orders; ties by key, so the top of a list is always the same. */
const byActivity = (a: Breakdown, b: Breakdown) =>
  b.tally.clicks - a.tally.clicks ||
  b.tally.approved_orders - a.tally.approved_orders ||
  b.tally.orders - a.tally.orders ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** A kept funnel's breakdown by activity, sorted once (kept funnels never change). */
const sortedBreakdowns = new WeakMap<Map<string, Tally>, Breakdown[]>();

function sortedOf(breakdown: Map<string, Tally>): Breakdown[] {
  let sorted = sortedBreakdowns.get(breakdown);
  if (!sorted) {
    sorted = [...breakdown].map(([key, tally]) => ({ key, tally })).sort(byActivity);
    sortedBreakdowns.set(breakdown, sorted);
  }
  return sorted;
}

/**
 * The first `count` rows, by activity, of a breakdown of two funnels of
 * disjoint days added up: a key of `recent` adds its past tally; any other
 * key has its past tally alone, so only the first `count` of those, in the
 * past's order (sorted once per kept funnel), can be among the first. A
 * report of a busy platform thus sorts today's keys, not all.
 */
function topOf(
  past: Map<string, Tally> | undefined,
  recent: Map<string, Tally>,
  count: number,
): Breakdown[] {
  const candidates: Breakdown[] = [];
  for (const [key, tally] of recent) {
    const before = past?.get(key);
    candidates.push({ key, tally: before ? sumOf(before, tally) : tally });
  }
  if (past) {
    let taken = 0;
    for (const row of sortedOf(past)) {
      if (taken >= count) break;
      if (recent.has(row.key)) continue;
      candidates.push(row);
      taken += 1;
    }
  }
  return candidates.sort(byActivity).slice(0, count);
}

const scopeOf = (scope: FunnelScope<Bound>): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(linkClickDaily.sellerKey, scope.id)
    : scope.kind === 'company'
      ? eq(linkClickDaily.companyId, scope.id)
      : undefined;

/** Clicks and unique visitors of the scope's links on the days [from, to], from their daily summary. */
function clickRows(db: Database, scope: FunnelScope<Bound>, range: FunnelRange<Bound>) {
  const clicks = linkClickDaily;
  return db
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
    .where(and(between(clicks.day, range.from, range.to), scopeOf(scope)));
}

/** A funnel row's sums, in the order the statements below list them. */
type Sums = [
  clicks: number,
  uniqueVisitors: number,
  orders: number,
  approvedOrders: number,
  sellerCents: number,
  commissionCents: number,
];
const SUMS = sql.raw(
  'clicks, unique_visitors, orders, approved_orders, seller_cents, commission_cents',
);

const tallyOf = (sums: Sums): Tally => ({
  clicks: sums[0],
  unique_visitors: sums[1],
  orders: sums[2],
  approved_orders: sums[3],
});

/**
 * A statement's rows as one JSON array of arrays, in one field of one row:
 * the embedded database's driver decodes every field of every row apart, and
 * a few hundred rows cost it more than the statement itself; JSON is decoded
 * at once (both drivers decode a json column). Sums come as JSON numbers
 * (cents stay far below 2^53).
 */
const jsonArray = (columns: SQL) => sql`coalesce(json_agg(json_build_array(${columns})), '[]')`;

/** Rows read with the version sum of the days they leave out (0 when there are none). */
interface Versioned<Row> {
  rows: Row[];
  version: number;
}

async function jsonRows<Row>(
  db: Database,
  columns: SQL,
  source: SQL,
  version: SQL<number> = sql<number>`0::float8`,
): Promise<Versioned<Row>> {
  const { rows } = (await db.execute(
    sql`select ${jsonArray(columns)} as rows, ${version} as version from (${source}) as r`,
  )) as unknown as { rows: Versioned<Row>[] };
  return { rows: rows[0]?.rows ?? [], version: rows[0]?.version ?? 0 };
}

/** A funnel, and the version sum of the days whose orders it counts (or leaves out). */
interface VersionedFunnel {
  funnel: Funnel;
  version: number;
}

/**
 * Adds up many funnel rows (daily summary rows of clicks, of orders, or both)
 * in all and by product, channel, day and seller in the database, with
 * GROUPING SETS: one read of the rows, a few hundred sums back; with the
 * version sum of `versionOf`'s days read in the same statement (one snapshot).
 */
async function groupFunnel(
  db: Database,
  source: SQLWrapper,
  versionOf?: FunnelRange,
): Promise<VersionedFunnel> {
  // The rows' columns are named as the summaries' (clickRows and linkOrderRows alike);
  // grouping() sets the bit of each column a row is not grouped by.
  const grouped = sql`
    select grouping(product_id, channel, day, seller_key) as grouping_set,
      product_id, channel, day::text as day, seller_key,
      sum(clicks) as clicks, sum(unique_visitors) as unique_visitors,
      sum(orders) as orders, sum(approved_orders) as approved_orders,
      sum(seller_cents) as seller_cents, sum(commission_cents) as commission_cents
    from (${source}) as funnel
    group by grouping sets ((), (product_id), (channel), (day), (seller_key))`;
  type Row = [set: number, product: string, channel: string, day: string, seller: string, ...Sums];
  const { rows, version } = await jsonRows<Row>(
    db,
    sql`grouping_set, product_id, channel, day, seller_key, ${SUMS}`,
    grouped,
    versionOf && linkOrderVersionSum(versionOf),
  );
  const funnel = emptyFunnel();
  for (const [set, product, channel, day, seller, ...sums] of rows) {
    const tally = tallyOf(sums);
    switch (set) {
      case 0b1111:
        funnel.total = tally;
        funnel.sellerCents = sums[4];
        funnel.commissionCents = sums[5];
        break;
      case 0b0111:
        funnel.byProduct.set(product, tally);
        break;
      case 0b1011:
        funnel.byChannel.set(channel, tally);
        break;
      case 0b1101:
        funnel.byDay.set(day, tally);
        break;
      case 0b1110:
        if (seller) funnel.bySeller.set(seller, tally);
        break;
    }
  }
  return { funnel, version };
}

type RecentRow = [product: string, channel: string, day: string, seller: string, ...Sums];

/**
 * What a seller's or a company's report reads each time: its clicks and
 * link orders of the open days (`from` to `to`), and the version sum of the
 * earlier days of the period (`pastFrom` to `pastTo`), as one row in one
 * snapshot. Prepared once per database and kind: its text is built once,
 * and it is planned once per connection (once in all on PGlite).
 */
function prepareRecent(db: Database, kind: 'seller' | 'company') {
  const scope = { kind, id: sql.placeholder('id') };
  const open = { from: sql.placeholder('from'), to: sql.placeholder('to') };
  const past = { from: sql.placeholder('pastFrom'), to: sql.placeholder('pastTo') };
  const source = unionAll(clickRows(db, scope, open), linkOrderRows(db, scope, open));
  return namedStatement(
    db,
    `link_analytics_recent_${kind}`,
    db
      .select({
        rows: sql<RecentRow[]>`${jsonArray(sql`product_id, channel, day, seller_key, ${SUMS}`)}`.as(
          'rows',
        ),
        version: linkOrderVersionSum(past).as('version'),
      })
      .from(source.as('recent')),
  );
}

const preparedRecent = new WeakMap<Database, Map<string, ReturnType<typeof prepareRecent>>>();

/**
 * A seller's or a company's clicks and orders of the open days (`open`),
 * added up here (a few hundred rows at most, cheaper to read than to group
 * in the database), with the version sum of the period's earlier days (`past`).
 */
async function recentFunnel(
  db: Database,
  scope: { kind: 'seller' | 'company'; id: string },
  open: FunnelRange,
  past: FunnelRange,
): Promise<VersionedFunnel> {
  const statements = preparedRecent.get(db) ?? new Map();
  preparedRecent.set(db, statements);
  let statement = statements.get(scope.kind);
  if (!statement) {
    statement = prepareRecent(db, scope.kind);
    statements.set(scope.kind, statement);
  }
  const [result] = await statement.execute({
    id: scope.id,
    ...open,
    pastFrom: past.from,
    pastTo: past.to,
  });
  const funnel = emptyFunnel();
  for (const [product, channel, day, seller, ...sums] of result?.rows ?? []) {
    const tally = tallyOf(sums);
    addInto(funnel.total, tally);
    funnel.sellerCents += sums[4];
    funnel.commissionCents += sums[5];
    addTally(funnel.byProduct, product, tally);
    addTally(funnel.byChannel, channel, tally);
    addTally(funnel.byDay, day, tally);
    if (seller) addTally(funnel.bySeller, seller, tally);
  }
  return { funnel, version: result?.version ?? 0 };
}

/**
 * How long after midnight the day before still counts as open for the
 * reports. Once a day is over, a change to its figures bumps its version
 * (link_order_versions): an order of that day entering or leaving approved,
 * or a batch of clicks written after the day (the click writer looks at its
 * clock just before the batch's transaction). A write that looked before
 * midnight commits within this time, on instances whose clocks agree to
 * within it, so a report that keeps a day's sums (from this long after its
 * end) sees every write that bumped nothing.
 */
const CLOSING_GRACE_MS = 10 * 60_000;
/** How long an instance keeps a period's past days (a bound, should a clock be far off). */
const CLOSED_DAYS_TTL_MS = 10 * 60_000;
/** Periods kept at once per instance (each a few KB). */
const CLOSED_DAYS_ENTRIES = 1000;

/** How long an instance keeps a product's title or a seller's name for the reports. */
const NAMES_TTL_MS = 60_000;
/** Titles and names kept at once per instance. */
const NAMES_ENTRIES = 20_000;

/**
 * What an instance keeps between reports, so that each report reads only
 * what can have changed: the sums of the clicks and orders of a period's days
 * that are over, per scope and period, with the version sum they were read
 * with (each report reads today and that sum again, and reads the past days
 * anew only when the sum has grown: an order of theirs was approved or
 * refunded since, or late clicks came), and the listed products' titles and sellers'
 * names for a minute.
 */
export class ReportMemory {
  private readonly closed = new Map<string, { until: number; past: Promise<VersionedFunnel> }>();
  private readonly names = new Map<string, { until: number; name: string }>();

  /**
   * The funnel of the days [from, to], all over: kept, or read now when not
   * kept or kept from before `version` (a version sum the caller has read).
   */
  async closedDays(
    db: Database,
    scope: AnalyticsScope,
    range: FunnelRange,
    now: number,
    version = 0,
  ): Promise<VersionedFunnel> {
    const key = `${scope.kind}:${scope.kind === 'platform' ? '' : scope.id}|${range.from}|${range.to}`;
    for (;;) {
      const kept = this.closed.get(key);
      if (!kept || kept.until <= now) break;
      const past = await kept.past.catch(() => null);
      if (past && past.version >= version) return past;
      // Older than what the caller has seen: read again, unless another report already does.
      if (this.closed.get(key) === kept) break;
    }
    if (this.closed.size >= CLOSED_DAYS_ENTRIES) this.closed.clear();
    const past = groupFunnel(
      db,
      unionAll(clickRows(db, scope, range), linkOrderRows(db, scope, range)),
      range,
    );
    const entry = { until: now + CLOSED_DAYS_TTL_MS, past };
    this.closed.set(key, entry);
    past.catch(() => {
      if (this.closed.get(key) === entry) this.closed.delete(key);
    });
    return past;
  }

  /** The titles of these products and the names of these sellers, read when not kept. */
  async namesOf(
    db: Database,
    productIds: string[],
    sellerIds: string[],
    now: number,
  ): Promise<{ titles: Map<string, string>; names: Map<string, string> }> {
    const fresh = (kind: string) => (id: string) => (this.names.get(kind + id)?.until ?? 0) > now;
    const missingProducts = productIds.filter((id) => !fresh('p')(id));
    const missingSellers = sellerIds.filter((id) => !fresh('s')(id));
    const [titles, names] = await Promise.all([
      productTitles(db, missingProducts),
      profileNames(db, missingSellers),
    ]);
    if (this.names.size + titles.size + names.size > NAMES_ENTRIES) this.names.clear();
    for (const [id, title] of titles)
      this.names.set('p' + id, { until: now + NAMES_TTL_MS, name: title });
    for (const [id, name] of names) this.names.set('s' + id, { until: now + NAMES_TTL_MS, name });
    const kept = (kind: string, ids: string[], read: Map<string, string>) =>
      new Map(ids.map((id) => [id, read.get(id) ?? this.names.get(kind + id)?.name ?? '']));
    return { titles: kept('p', productIds, titles), names: kept('s', sellerIds, names) };
  }
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
  const [kept, recent] = await Promise.all([
    memory.closedDays(db, scope, closed, at),
    // The platform's day is thousands of rows: summed by the database.
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
