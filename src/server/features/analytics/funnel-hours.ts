import { and, between, lt, sql, type Placeholder } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { linkOrderHourly } from '../orders/orders.table';
import { linkClickHourly } from './analytics.table';
import {
  funnelOf,
  jsonArray,
  RECENT_COLUMNS,
  type RecentRow,
  type VersionedFunnel,
} from './funnel-reads';
import { linkOrderVersionSum, type Bound, type FunnelRange } from './link-funnel.service';

/**
 * The platform's open days by the hour: `link_click_hourly` and
 * `link_order_hourly` hold what each hour added to the daily summaries of
 * the days still open (in the transaction that added it), so the sums of
 * the hours that are over never change, and a report reads only the hour
 * under way (with the one before, just after the hour).
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

/**
 * The hourly rows of the open days [from, to] added in `hours`, as funnel
 * rows (the daily summaries' columns; zeros where a summary has none).
 */
export function hourRows(db: Database, open: FunnelRange<Bound>, hours: Hours) {
  const clicks = linkClickHourly;
  const placed = linkOrderHourly;
  const zero = (name: string) => sql<number>`0`.as(name);
  return unionAll(
    db
      .select({
        day: clicks.day,
        productId: clicks.productId,
        sellerKey: clicks.sellerKey,
        channel: clicks.channel,
        clicks: clicks.clicks,
        uniqueVisitors: clicks.uniqueVisitors,
        orders: zero('orders'),
        approvedOrders: zero('approved_orders'),
        sellerCents: zero('seller_cents'),
        commissionCents: zero('commission_cents'),
      })
      .from(clicks)
      .where(hourCondition(clicks.hour, open, clicks.day, hours)),
    db
      .select({
        day: placed.day,
        productId: placed.productId,
        sellerKey: placed.sellerKey,
        channel: placed.channel,
        clicks: zero('clicks'),
        uniqueVisitors: zero('unique_visitors'),
        orders: placed.orders,
        approvedOrders: placed.approvedOrders,
        sellerCents: placed.sellerCents,
        commissionCents: placed.commissionCents,
      })
      .from(placed)
      .where(hourCondition(placed.hour, open, placed.day, hours)),
  );
}

/**
 * The platform's hours under way (from `since`) of the open days, with the
 * version sum of the period's earlier days (`past`), in one statement: a
 * few hundred rows at most on a busy platform, added up here. Prepared
 * once per database.
 */
function prepareLiveHours(db: Database) {
  const open = { from: sql.placeholder('from'), to: sql.placeholder('to') };
  const past = { from: sql.placeholder('pastFrom'), to: sql.placeholder('pastTo') };
  return namedStatement(
    db,
    'link_analytics_live_hours',
    db
      .select({
        rows: sql<RecentRow[]>`${jsonArray(RECENT_COLUMNS)}`.as('rows'),
        version: linkOrderVersionSum(past).as('version'),
      })
      .from(hourRows(db, open, { since: sql.placeholder('since') }).as('live')),
  );
}

const preparedLive = new WeakMap<Database, ReturnType<typeof prepareLiveHours>>();

/** The platform's open days' clicks and orders added since `since`, and the version sum of `past`. */
export async function liveHours(
  db: Database,
  open: FunnelRange,
  since: Date,
  past: FunnelRange,
): Promise<VersionedFunnel> {
  let statement = preparedLive.get(db);
  if (!statement) {
    statement = prepareLiveHours(db);
    preparedLive.set(db, statement);
  }
  const [result] = await statement.execute({
    ...open,
    since: since.toISOString(),
    pastFrom: past.from,
    pastTo: past.to,
  });
  return { funnel: funnelOf(result?.rows ?? []), version: result?.version ?? 0 };
}

/** Deletes the hourly rows added before `before` (no report reads days that old by the hour). */
export async function pruneFunnelHours(db: Database, before: Date): Promise<void> {
  await db.delete(linkClickHourly).where(lt(linkClickHourly.hour, before));
  await db.delete(linkOrderHourly).where(lt(linkOrderHourly.hour, before));
}
