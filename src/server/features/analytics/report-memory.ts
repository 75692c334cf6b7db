import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { productTitles } from '../products/products.service';
import { profileNames } from '../profiles/profiles.service';
import { emptyFunnel, mergedFunnel, type Funnel } from './funnel';
import { hourRows, liveHourChanges, type LiveRow } from './funnel-hours';
import {
  clickRows,
  funnelOf,
  groupFunnel,
  type RecentRow,
  type VersionedFunnel,
} from './funnel-reads';
import { linkOrderRows, type AnalyticsScope, type FunnelRange } from './link-funnel.service';

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
export const CLOSING_GRACE_MS = 10 * 60_000;
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
  /** The platform's open days' sums of the hours that are over, up to `until`. */
  private hours: { open: string; until: number; funnel: Promise<Funnel> } | null = null;
  /**
   * The platform's hours under way as last read: their hourly rows by key,
   * the floor of the next reading (only rows written since), their funnel.
   */
  private live: {
    key: string;
    floor: string;
    rows: Map<string, LiveRow>;
    funnel: Funnel;
  } | null = null;
  /** Kept days and kept hours added up, per kept days' funnel: each pair added (and sorted) once. */
  private readonly pasts = new WeakMap<Funnel, { hours: Funnel; past: Funnel }>();

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

  /**
   * The platform's clicks and orders of the open days added in the hours
   * before `until`, all over (they never change again): kept, or read now,
   * only the hours after those kept when the open days are the same.
   */
  closedHours(db: Database, open: FunnelRange, until: number): Promise<Funnel> {
    const key = `${open.from}|${open.to}`;
    const kept = this.hours;
    if (kept && kept.open === key && kept.until === until) return kept.funnel;
    const read = (since: number | undefined) =>
      groupFunnel(
        db,
        hourRows(db, open, {
          since: since === undefined ? undefined : new Date(since),
          until: new Date(until),
        }),
      ).then(({ funnel }) => funnel);
    const funnel =
      kept && kept.open === key && kept.until < until
        ? Promise.all([kept.funnel, read(kept.until)]).then(([before, added]) =>
            mergedFunnel(before, added),
          )
        : read(undefined);
    const entry = { open: key, until, funnel };
    this.hours = entry;
    funnel.catch(() => {
      if (this.hours === entry) this.hours = null;
    });
    return funnel;
  }

  /**
   * The platform's clicks and orders of the open days added from `since`
   * (the hours under way), and the version sum of `past`: each reading asks
   * the database for the hourly rows written since the last reading's
   * snapshot (row-changes.ts), so a report reads every row written before
   * it was asked, yet the rows of an hour travel once, and the hours' funnel
   * is added up again only when a row changed. Readings that overlap keep,
   * of each row, its highest revision.
   */
  async liveHours(
    db: Database,
    open: FunnelRange,
    since: Date,
    past: FunnelRange,
  ): Promise<VersionedFunnel> {
    const key = `${open.from}|${open.to}|${since.getTime()}`;
    const startOver = () =>
      (this.live = { key, floor: '0', rows: new Map<string, LiveRow>(), funnel: emptyFunnel() });
    let live = this.live && this.live.key === key ? this.live : startOver();
    const floor = live.floor;
    let read = await liveHourChanges(db, open, since, floor, past);
    if (BigInt(read.floor) < BigInt(floor)) {
      // Transaction ids went back (the database was restored from a dump under this
      // instance): what is kept says nothing of this database; read it all again.
      live = startOver();
      read = await liveHourChanges(db, open, since, live.floor, past);
    }
    let changed = false;
    for (const row of read.rows) {
      const [table, hour, revision, product, channel, day, seller] = row;
      const rowKey = `${table}|${hour}|${day}|${product}|${seller}|${channel}`;
      const kept = live.rows.get(rowKey);
      if (kept && kept[2] >= revision) continue;
      live.rows.set(rowKey, row);
      changed = true;
    }
    // Set only once the reading's rows are in: a later reading from this floor misses nothing.
    if (BigInt(read.floor) > BigInt(live.floor)) live.floor = read.floor;
    if (changed)
      live.funnel = funnelOf(
        [...live.rows.values()].map((row) => row.slice(3) as unknown as RecentRow),
      );
    return { funnel: live.funnel, version: read.version };
  }

  /** The kept days and the kept hours of the platform's period, added up once per pair. */
  pastOf(days: Funnel, hours: Funnel): Funnel {
    const kept = this.pasts.get(days);
    if (kept && kept.hours === hours) return kept.past;
    const past = mergedFunnel(days, hours);
    this.pasts.set(days, { hours, past });
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
    const none = new Map<string, string>();
    const [titles, names] =
      missingProducts.length + missingSellers.length === 0
        ? [none, none]
        : await Promise.all([productTitles(db, missingProducts), profileNames(db, missingSellers)]);
    if (this.names.size + titles.size + names.size > NAMES_ENTRIES) this.names.clear();
    for (const [id, title] of titles)
      this.names.set('p' + id, { until: now + NAMES_TTL_MS, name: title });
    for (const [id, name] of names) this.names.set('s' + id, { until: now + NAMES_TTL_MS, name });
    const kept = (kind: string, ids: string[], read: Map<string, string>) =>
      new Map(ids.map((id) => [id, read.get(id) ?? this.names.get(kind + id)?.name ?? '']));
    return { titles: kept('p', productIds, titles), names: kept('s', sellerIds, names) };
  }
}
