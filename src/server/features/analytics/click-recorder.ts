import { and, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { argentineDay, shiftDay } from '@shared/time';
import type { Database } from '../../db/client';
import { usersOfSessions } from '../auth/users.service';
import { bumpLinkFunnelDays, hourOf } from '../orders/link-order-totals';
import { linksByCode } from '../orders/seller-links.service';
import { companiesOfProducts } from '../products/products.service';
import { linkClickDaily, linkClickHourly, linkClicks } from './analytics.table';
import { capStoredChannels } from './channel-cap';
import { pruneFunnelHours } from './funnel-hours';
import type { DeviceClass } from './click-source';
import { keepGroupVisitors } from './visitor-groups';

/** One click as the page's request saw it, before anything is looked up. */
export interface ClickInput {
  at: Date;
  productId: string;
  /** The link's `ref` (the seller's code), as asked; checked when written. */
  ref: string | null;
  visitorHash: string;
  /** The visitor's group (its address network and browser family, visitor.ts); absent: none. */
  visitorGroup?: string | null;
  channel: string;
  device: DeviceClass;
  province: string | null;
  /** The visitor's session token, if signed in: the company's and the seller's own visits are not counted. */
  sessionToken: string | null;
}

/** The same visitor on the same link within this time is one unique visit. */
export const UNIQUE_WINDOW_MS = 30 * 60_000;
/** Clicks written per statement. */
const CHUNK = 1000;

/**
 * Clicks are counted off the page's path: the request only hashes and queues
 * (no database call), and every `flushMs` one transaction per instance looks
 * up the batch's products, links and sessions, drops the company's and the
 * seller's own visits, marks unique visits, appends the clicks and adds them
 * to the daily summary. A crash loses at most the clicks of the last
 * interval, never an order; a full queue (the database away) drops clicks,
 * counted in the log, rather than memory.
 */
export class ClickRecorder {
  private queue: ClickInput[] = [];
  private dropped = 0;
  private running: Promise<number> = Promise.resolve(0);
  private timer: NodeJS.Timeout | undefined;
  /** The hour whose old hourly rows were last deleted. */
  private prunedHour = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: { flushMs: number; maxQueue: number },
  ) {}

  /** Starts writing every `flushMs` (0: only when `flush` is called, as tests do). */
  start(): void {
    if (this.options.flushMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is queued. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  record(click: ClickInput): void {
    if (this.queue.length >= this.options.maxQueue) {
      this.dropped += 1;
      return;
    }
    this.queue.push(click);
  }

  /** The channel of this visitor's latest click on the product still waiting to be written. */
  pendingChannel(visitorHash: string, productId: string): string | undefined {
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      const click = this.queue[i]!;
      if (click.visitorHash === visitorHash && click.productId === productId) return click.channel;
    }
    return undefined;
  }

  /** Writes the queued clicks (one flush at a time); answers how many were written. */
  flush(): Promise<number> {
    this.running = this.running.then(() => this.writeQueued());
    return this.running;
  }

  private async writeQueued(): Promise<number> {
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'click queue full: clicks dropped');
      this.dropped = 0;
    }
    await this.pruneHours();
    const batch = this.queue;
    if (batch.length === 0) return 0;
    this.queue = [];
    try {
      return await writeClicks(this.db, batch);
    } catch (error) {
      this.log.error({ err: error, clicks: batch.length }, 'clicks could not be written');
      // Kept for the next flush while there is room.
      const room = this.options.maxQueue - this.queue.length;
      this.queue = [...batch.slice(0, Math.max(0, room)), ...this.queue];
      return 0;
    }
  }

  /** Once an hour, deletes the hourly rows no report reads any more (older than two days). */
  private async pruneHours(): Promise<void> {
    const hour = hourOf(new Date()).getTime();
    if (hour === this.prunedHour) return;
    this.prunedHour = hour;
    try {
      await pruneFunnelHours(this.db, new Date(hour - 2 * 86_400_000));
    } catch (error) {
      this.log.warn({ err: error }, 'old hourly link funnel rows could not be deleted');
    }
  }
}

interface ClickRow {
  at: Date;
  day: string;
  productId: string;
  companyId: string;
  sellerId: string | null;
  visitorHash: string;
  visitorGroup: string | null;
  channel: string;
  device: DeviceClass;
  province: string | null;
  uniqueVisit: boolean;
}

const linkKey = (row: Pick<ClickRow, 'visitorHash' | 'productId' | 'sellerId'>) =>
  `${row.visitorHash}|${row.productId}|${row.sellerId ?? ''}`;

/**
 * Appends a batch of clicks and their daily sums; answers how many were
 * counted. Clicks of a day that is over when the batch is written (`clock`,
 * read just before the transaction) bump that day's version, as a change to
 * its orders does: the reports keep the sums of days that are over.
 */
export async function writeClicks(
  db: Database,
  batch: ClickInput[],
  clock: () => Date = () => new Date(),
): Promise<number> {
  const distinct = <T>(values: (T | null)[]) => [
    ...new Set(values.filter((v): v is T => v !== null)),
  ];
  const productIds = distinct(batch.map((click) => click.productId));
  const refs = distinct(batch.map((click) => click.ref));
  const tokens = distinct(batch.map((click) => click.sessionToken));
  const now = new Date();
  const [companyOf, links, userOf] = await Promise.all([
    companiesOfProducts(db, productIds),
    linksByCode(db, refs),
    usersOfSessions(db, tokens, now),
  ]);

  const rows: ClickRow[] = [];
  for (const click of batch) {
    const companyId = companyOf.get(click.productId);
    if (!companyId) continue;
    const link = click.ref ? links.get(click.ref) : undefined;
    // A ref of another product, or unknown, sells without a seller: its clicks too.
    const sellerId = link && link.productId === click.productId ? link.sellerId : null;
    const user = click.sessionToken ? userOf.get(click.sessionToken) : undefined;
    if (user && (user === companyId || user === sellerId)) continue;
    rows.push({
      at: click.at,
      day: argentineDay(click.at),
      productId: click.productId,
      companyId,
      sellerId,
      visitorHash: click.visitorHash,
      visitorGroup: click.visitorGroup ?? null,
      channel: click.channel,
      device: click.device,
      province: click.province,
      uniqueVisit: false,
    });
  }
  if (rows.length === 0) return 0;
  rows.sort((a, b) => a.at.getTime() - b.at.getTime());
  await markUniqueVisits(db, rows);

  const at = clock();
  const today = argentineDay(at);
  await db.transaction(async (tx) => {
    // At most 20 channels per seller and day (the rest stored as `otros`), and one
    // visitor per address network and browser family on a product a day.
    await capStoredChannels(tx, rows);
    await keepGroupVisitors(tx, rows);
    const sums = dailySums(rows);
    const late = sums.filter((sum) => sum.day < today).map((sum) => sum.day);
    for (let start = 0; start < rows.length; start += CHUNK) {
      await tx.execute(appendClicks(rows.slice(start, start + CHUNK)));
    }
    // What this hour adds to the open days (yesterday and today), for the platform's report.
    const open = sums.filter((sum) => sum.day >= shiftDay(today, -1));
    for (let start = 0; start < sums.length; start += CHUNK) {
      await tx.execute(addToDaily(sums.slice(start, start + CHUNK)));
    }
    for (let start = 0; start < open.length; start += CHUNK) {
      await tx.execute(addToHourly(open.slice(start, start + CHUNK), hourOf(at)));
    }
    await bumpLinkFunnelDays(tx, late);
  });
  return rows.length;
}

/** A summary row's increments, with its key (the order batches take the rows in). */
type DailySum = typeof linkClickDaily.$inferInsert & { key: string };

/**
 * The batch's clicks and unique visits per summary row, in key order, so that
 * instances adding to the same summary rows take their locks in the same
 * order (never waiting on each other in a cycle).
 */
function dailySums(rows: ClickRow[]): DailySum[] {
  const daily = new Map<string, DailySum>();
  for (const row of rows) {
    const key = `${row.productId}|${row.sellerId ?? ''}|${row.channel}|${row.day}`;
    const sum = daily.get(key) ?? {
      key,
      day: row.day,
      productId: row.productId,
      sellerKey: row.sellerId ?? '',
      channel: row.channel,
      companyId: row.companyId,
      clicks: 0,
      uniqueVisitors: 0,
    };
    sum.clicks += 1;
    if (row.uniqueVisit) sum.uniqueVisitors += 1;
    daily.set(key, sum);
  }
  return [...daily.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/**
 * A batch's values as one array per column, unnested by the server: ten
 * parameters for any number of rows, where a multi-row VALUES would bind ten
 * per row (building and parsing those cost more than writing the rows).
 */
const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** Appends clicks to `link_clicks`. */
function appendClicks(rows: ClickRow[]): SQL {
  const of = <K extends keyof ClickRow>(name: K) => rows.map((row) => row[name]);
  return sql`insert into ${linkClicks} (at, day, product_id, company_id, seller_id,
      visitor_hash, channel, device, province, unique_visit)
    select * from unnest(
      ${column(
        rows.map((row) => row.at.toISOString()),
        'timestamptz',
      )},
      ${column(of('day'), 'date')}, ${column(of('productId'), 'text')},
      ${column(of('companyId'), 'text')}, ${column(of('sellerId'), 'text')},
      ${column(of('visitorHash'), 'text')}, ${column(of('channel'), 'text')},
      ${column(of('device'), 'text')}, ${column(of('province'), 'text')},
      ${column(of('uniqueVisit'), 'bool')})`;
}

/** Adds clicks and unique visits to their summary rows, creating those that are new. */
function addToDaily(sums: DailySum[]): SQL {
  const d = linkClickDaily;
  const of = <K extends keyof DailySum>(name: K) => sums.map((sum) => sum[name]);
  return sql`insert into ${d} (day, product_id, seller_key, channel, company_id, clicks,
      unique_visitors)
    select * from unnest(${column(of('day'), 'date')}, ${column(of('productId'), 'text')},
      ${column(of('sellerKey'), 'text')}, ${column(of('channel'), 'text')},
      ${column(of('companyId'), 'text')}, ${column(of('clicks'), 'int4')},
      ${column(of('uniqueVisitors'), 'int4')})
    on conflict (product_id, seller_key, channel, day) do update
      set clicks = ${d.clicks} + excluded.clicks,
        unique_visitors = ${d.uniqueVisitors} + excluded.unique_visitors`;
}

/** Adds clicks and unique visits to what the hour `hour` added to their summary rows. */
function addToHourly(sums: DailySum[], hour: Date): SQL {
  const h = linkClickHourly;
  const of = <K extends keyof DailySum>(name: K) => sums.map((sum) => sum[name]);
  return sql`insert into ${h} (hour, day, product_id, seller_key, channel, clicks, unique_visitors)
    select ${hour.toISOString()}::timestamptz, * from unnest(${column(of('day'), 'date')},
      ${column(of('productId'), 'text')}, ${column(of('sellerKey'), 'text')},
      ${column(of('channel'), 'text')}, ${column(of('clicks'), 'int4')},
      ${column(of('uniqueVisitors'), 'int4')})
    on conflict (hour, day, product_id, seller_key, channel) do update
      set clicks = ${h.clicks} + excluded.clicks,
        unique_visitors = ${h.uniqueVisitors} + excluded.unique_visitors,
        revision = ${h.revision} + 1, written_by = pg_current_xact_id()`;
}

/**
 * A click is a unique visit when the same visitor had no click on the same
 * link (product and seller) in the 30 minutes before it: earlier clicks of
 * the batch are looked at in memory, earlier batches in one query.
 */
async function markUniqueVisits(db: Database, rows: ClickRow[]): Promise<void> {
  const first = rows[0]!.at.getTime();
  const earlier = await db
    .select({
      visitorHash: linkClicks.visitorHash,
      productId: linkClicks.productId,
      sellerId: linkClicks.sellerId,
      last: sql<Date | string>`max(${linkClicks.at})`,
    })
    .from(linkClicks)
    .where(
      and(
        sql`${linkClicks.visitorHash} = any(${column([...new Set(rows.map((row) => row.visitorHash))], 'text')})`,
        gt(linkClicks.at, new Date(first - UNIQUE_WINDOW_MS)),
      ),
    )
    .groupBy(linkClicks.visitorHash, linkClicks.productId, linkClicks.sellerId);
  const lastSeen = new Map(earlier.map((row) => [linkKey(row), new Date(row.last).getTime()]));
  for (const row of rows) {
    const key = linkKey(row);
    const last = lastSeen.get(key);
    row.uniqueVisit = last === undefined || row.at.getTime() - last >= UNIQUE_WINDOW_MS;
    lastSeen.set(key, row.at.getTime());
  }
}
