import { and, between, lt, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { statementPerDatabase } from '../../db/named-statement';
import { changedSince, snapshotFloor } from '../../db/row-changes';
import { linkOrderHourly } from '../orders/orders.table';
import { linkClickHourly } from './analytics.table';
import { jsonArray, RECENT_COLUMNS, type RecentRow } from './funnel-reads';
import { linkOrderVersionSum, type Bound, type FunnelRange } from './link-funnel.service';

/**
 * The platform's open days by the hour: `link_click_hourly` and
 * `link_order_hourly` hold what each hour added to the daily summaries of
 * the days still open (in the transaction that added it), so the sums of
 * the hours that are over never change, and a report reads only the hour
 * under way (with the one before, just after the hour), and of it only the
 * rows written since the instance's last reading (report-memory.ts).
 */

/** The hours [since, until) of a reading, as moments or placeholders; either bound open. */
interface Hours {
  since?: Date | Placeholder;
  until?: Date;
}

const hourCondition = (column: PgColumn, open: FunnelRange<Bound>, day: PgColumn, hours: Hours) =>
  and(
    between(day, open.from, open.to),
    hours.since === undefined
      ? undefined
      : sql`${column} >= ${hours.since instanceof Date ? hours.since.toISOString() : hours.since}::timestamptz`,
    hours.until === undefined ? undefined : lt(column, hours.until),
  );

/** A funnel row's keys (the daily summaries' columns, which both hourly tables have). */
const keysOf = (table: typeof linkClickHourly | typeof linkOrderHourly) => ({
  day: table.day,
  productId: table.productId,
  sellerKey: table.sellerKey,
  channel: table.channel,
});

const zero = (name: string) => sql<number>`0`.as(name);

/** What an hourly row of clicks adds, as funnel sums (zeros for the orders). */
const clickSums = (clicks: typeof linkClickHourly) => ({
  clicks: clicks.clicks,
  uniqueVisitors: clicks.uniqueVisitors,
  orders: zero('orders'),
  approvedOrders: zero('approved_orders'),
  sellerCents: zero('seller_cents'),
  commissionCents: zero('commission_cents'),
});

/** What an hourly row of orders adds, as funnel sums (zeros for the clicks). */
const orderSums = (placed: typeof linkOrderHourly) => ({
  clicks: zero('clicks'),
  uniqueVisitors: zero('unique_visitors'),
  orders: placed.orders,
  approvedOrders: placed.approvedOrders,
  sellerCents: placed.sellerCents,
  commissionCents: placed.commissionCents,
});

/**
 * The hourly rows of the open days [from, to] added in `hours`, as funnel
 * rows (the daily summaries' columns; zeros where a summary has none).
 */
export function hourRows(db: Database, open: FunnelRange<Bound>, hours: Hours) {
  const clicks = linkClickHourly;
  const placed = linkOrderHourly;
  return unionAll(
    db
      .select({ ...keysOf(clicks), ...clickSums(clicks) })
      .from(clicks)
      .where(hourCondition(clicks.hour, open, clicks.day, hours)),
    db
      .select({ ...keysOf(placed), ...orderSums(placed) })
      .from(placed)
      .where(hourCondition(placed.hour, open, placed.day, hours)),
  );
}

/**
 * An hourly row as the live reading returns it: which table (`c` clicks,
 * `o` orders), its hour (epoch seconds) and revision, then a RecentRow.
 */
export type LiveRow = [table: 'c' | 'o', hour: number, revision: number, ...RecentRow];

/**
 * The platform's hours under way (from `since`) of the open days, only the
 * rows written by transaction `floor` or later (row-changes.ts), with the
 * version sum of the period's earlier days (`past`) and the snapshot's
 * floor for the next reading, in one statement. Prepared once per database.
 */
const liveHoursStatement = statementPerDatabase('link_analytics_live_hour_changes', (db) => {
  const open = { from: sql.placeholder('from'), to: sql.placeholder('to') };
  const past = { from: sql.placeholder('pastFrom'), to: sql.placeholder('pastTo') };
  const hours = { since: sql.placeholder('since') };
  const floor = sql`${sql.placeholder('floor')}`;
  const change = (table: typeof linkClickHourly | typeof linkOrderHourly, name: 'c' | 'o') => ({
    source: sql<string>`${sql.raw(`'${name}'`)}`.as('source'),
    hourEpoch: sql<number>`extract(epoch from ${table.hour})::int8`.as('hour_epoch'),
    revision: table.revision,
  });
  const clicks = linkClickHourly;
  const placed = linkOrderHourly;
  const rows = unionAll(
    db
      .select({ ...change(clicks, 'c'), ...keysOf(clicks), ...clickSums(clicks) })
      .from(clicks)
      .where(and(hourCondition(clicks.hour, open, clicks.day, hours), changedSince(clicks, floor))),
    db
      .select({ ...change(placed, 'o'), ...keysOf(placed), ...orderSums(placed) })
      .from(placed)
      .where(and(hourCondition(placed.hour, open, placed.day, hours), changedSince(placed, floor))),
  );
  return db
    .select({
      rows: sql<LiveRow[]>`${jsonArray(sql`source, hour_epoch, revision, ${RECENT_COLUMNS}`)}`.as(
        'rows',
      ),
      version: linkOrderVersionSum(past).as('version'),
      floor: snapshotFloor().as('floor'),
    })
    .from(rows.as('live'));
});

/**
 * The platform's open days' hourly rows of the hours from `since`, written
 * by transaction `floor` or later; the version sum of `past`; and the floor
 * for the next reading.
 */
export async function liveHourChanges(
  db: Database,
  open: FunnelRange,
  since: Date,
  floor: string,
  past: FunnelRange,
): Promise<{ rows: LiveRow[]; version: number; floor: string }> {
  const [result] = await liveHoursStatement(db).execute({
    ...open,
    since: since.toISOString(),
    floor,
    pastFrom: past.from,
    pastTo: past.to,
  });
  if (!result) throw new Error('The live hours reading answered no row');
  return { rows: result.rows, version: result.version, floor: result.floor };
}

/** Deletes the hourly rows added before `before` (no report reads days that old by the hour). */
export async function pruneFunnelHours(db: Database, before: Date): Promise<void> {
  await db.delete(linkClickHourly).where(lt(linkClickHourly.hour, before));
  await db.delete(linkOrderHourly).where(lt(linkOrderHourly.hour, before));
}
