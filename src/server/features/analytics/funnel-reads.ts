import { and, between, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { statementPerDatabase } from '../../db/named-statement';
import { linkClickDaily } from './analytics.table';
import { addInto, addTally, emptyFunnel, type Funnel, type Tally } from './funnel';
import {
  linkOrderRows,
  linkOrderVersionSum,
  type Bound,
  type BoundScope,
  type FunnelRange,
} from './link-funnel.service';

const scopeOf = (scope: BoundScope): SQL | undefined =>
  scope.kind === 'seller'
    ? eq(linkClickDaily.sellerKey, scope.id)
    : scope.kind === 'company'
      ? eq(linkClickDaily.companyId, scope.id)
      : undefined;

/** Clicks and unique visitors of the scope's links on the days [from, to], from their daily summary. */
export function clickRows(db: Database, scope: BoundScope, range: FunnelRange<Bound>) {
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
export type Sums = [
  clicks: number,
  uniqueVisitors: number,
  orders: number,
  approvedOrders: number,
  sellerCents: number,
  commissionCents: number,
];
export const SUMS = sql.raw(
  'clicks, unique_visitors, orders, approved_orders, seller_cents, commission_cents',
);

export const tallyOf = (sums: Sums): Tally => ({
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
export const jsonArray = (columns: SQL) =>
  sql`coalesce(json_agg(json_build_array(${columns})), '[]')`;

/** Rows read with the version sum of the days they leave out (0 when there are none). */
export interface Versioned<Row> {
  rows: Row[];
  version: number;
}

export async function jsonRows<Row>(
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
export interface VersionedFunnel {
  funnel: Funnel;
  version: number;
}

/**
 * Adds up many funnel rows (daily summary rows of clicks, of orders, or both)
 * in all and by product, channel, day and seller in the database, with
 * GROUPING SETS: one read of the rows, a few hundred sums back; with the
 * version sum of `versionOf`'s days read in the same statement (one snapshot).
 */
export async function groupFunnel(
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

/** A funnel row as read to be added up here: its keys, then its sums. */
export type RecentRow = [product: string, channel: string, day: string, seller: string, ...Sums];

/** The columns of a RecentRow, for `jsonArray`. */
export const RECENT_COLUMNS = sql`product_id, channel, day, seller_key, ${SUMS}`;

/** Funnel rows added up here, in all and by product, channel, day and seller. */
export function funnelOf(rows: readonly RecentRow[]): Funnel {
  const funnel = emptyFunnel();
  for (const [product, channel, day, seller, ...sums] of rows) {
    const tally = tallyOf(sums);
    addInto(funnel.total, tally);
    funnel.sellerCents += sums[4];
    funnel.commissionCents += sums[5];
    addTally(funnel.byProduct, product, tally);
    addTally(funnel.byChannel, channel, tally);
    addTally(funnel.byDay, day, tally);
    if (seller) addTally(funnel.bySeller, seller, tally);
  }
  return funnel;
}

/**
 * What a seller's or a company's report reads each time: its clicks and
 * link orders of the open days (`from` to `to`), and the version sum of the
 * earlier days of the period (`pastFrom` to `pastTo`), as one row in one
 * snapshot. Prepared once per database and kind: its text is built once,
 * and it is planned once per connection (once in all on PGlite).
 */
function recentQuery(db: Database, kind: 'seller' | 'company') {
  const scope = { kind, id: sql.placeholder('id') };
  const open = { from: sql.placeholder('from'), to: sql.placeholder('to') };
  const past = { from: sql.placeholder('pastFrom'), to: sql.placeholder('pastTo') };
  const source = unionAll(clickRows(db, scope, open), linkOrderRows(db, scope, open));
  return db
    .select({
      rows: sql<RecentRow[]>`${jsonArray(RECENT_COLUMNS)}`.as('rows'),
      version: linkOrderVersionSum(past).as('version'),
    })
    .from(source.as('recent'));
}

const recentStatements = {
  seller: statementPerDatabase('link_analytics_recent_seller', (db) => recentQuery(db, 'seller')),
  company: statementPerDatabase('link_analytics_recent_company', (db) =>
    recentQuery(db, 'company'),
  ),
};

/**
 * A seller's or a company's clicks and orders of the open days (`open`),
 * added up here (a few hundred rows at most, cheaper to read than to group
 * in the database), with the version sum of the period's earlier days (`past`).
 */
export async function recentFunnel(
  db: Database,
  scope: { kind: 'seller' | 'company'; id: string },
  open: FunnelRange,
  past: FunnelRange,
): Promise<VersionedFunnel> {
  const [result] = await recentStatements[scope.kind](db).execute({
    id: scope.id,
    ...open,
    pastFrom: past.from,
    pastTo: past.to,
  });
  return { funnel: funnelOf(result?.rows ?? []), version: result?.version ?? 0 };
}
