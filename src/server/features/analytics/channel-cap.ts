import { sql } from 'drizzle-orm';
import { NAMED_CHANNELS, OTHER_CHANNEL } from '@shared/analytics/analytics.schema';
import type { Transaction } from '../../db/client';
import { linkClickDaily } from './analytics.table';

/**
 * API.md "Analytics channels": `src=` is any short word, so whoever opens a
 * link can invent channels. A report names the NAMED_CHANNELS with most
 * clicks and sums the rest as `otros`; the click writer stores at most
 * NAMED_CHANNELS channels per seller (or company's own links) and day, the
 * next new ones as `otros`, so neither a report nor the summaries grow with
 * junk words.
 */

interface Tally {
  clicks: number;
  unique_visitors: number;
  orders: number;
  approved_orders: number;
}

/**
 * A report's channels: the first NAMED_CHANNELS of `top` (its channels by
 * activity, at least NAMED_CHANNELS + 1 of them when there are as many), and
 * one `otros` row with what the period's `total` has beyond them (stored
 * `otros` included), when anything.
 */
export function reportChannels<T extends Tally>(
  top: readonly { key: string; tally: T }[],
  total: T,
): { key: string; tally: T }[] {
  const named = top.filter((row) => row.key !== OTHER_CHANNEL).slice(0, NAMED_CHANNELS);
  const rest = { ...total };
  for (const { tally } of named) {
    rest.clicks -= tally.clicks;
    rest.unique_visitors -= tally.unique_visitors;
    rest.orders -= tally.orders;
    rest.approved_orders -= tally.approved_orders;
  }
  const anything = rest.clicks || rest.unique_visitors || rest.orders || rest.approved_orders;
  return anything ? [...named, { key: OTHER_CHANNEL, tally: rest }] : named;
}

/** A click about to be stored: whose link (its seller, or its company's own) and which day. */
interface StoredClick {
  day: string;
  companyId: string;
  sellerId: string | null;
  channel: string;
}

/** The summaries' scope a channel counts in: a seller, or a company's own links (no seller). */
const scopeOf = (click: Pick<StoredClick, 'companyId' | 'sellerId'>) =>
  click.sellerId ? `s:${click.sellerId}` : `c:${click.companyId}`;

/**
 * Stores a batch's clicks under at most NAMED_CHANNELS channels per scope
 * and day: a channel already stored that day stays; a new one is kept while
 * there is room, in the clicks' order, else becomes `otros` (rewritten in
 * `clicks`, before they and their sums are written). Runs in the writer's
 * transaction under one lock per scope and day, taken in one order by every
 * writer, so instances writing at once cannot together pass the cap.
 */
export async function capStoredChannels(tx: Transaction, clicks: StoredClick[]): Promise<void> {
  const groups = new Map<string, StoredClick[]>();
  for (const click of clicks) {
    const key = `${scopeOf(click)}|${click.day}`;
    const group = groups.get(key);
    if (group) group.push(click);
    else groups.set(key, [click]);
  }
  const keys = [...groups.keys()];
  const text = (values: string[]) => sql`${sql.param(values)}::text[]`;
  await tx.execute(
    sql`select pg_advisory_xact_lock(lock) from (
      select hashtextextended('link-channels:' || key, 0) as lock
      from unnest(${text(keys)}) as key order by 1) as locks`,
  );
  const d = linkClickDaily;
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const sellers = distinct(clicks.flatMap((click) => (click.sellerId ? [click.sellerId] : [])));
  const companies = distinct(clicks.flatMap((click) => (click.sellerId ? [] : [click.companyId])));
  const { rows } = (await tx.execute(
    sql`select distinct case when ${d.sellerKey} = '' then 'c:' || ${d.companyId}
        else 's:' || ${d.sellerKey} end || '|' || ${d.day}::text as key, ${d.channel} as channel
      from ${d}
      where ${d.day} = any(${sql.param(distinct(clicks.map((click) => click.day)))}::date[])
        and (${d.sellerKey} = any(${text(sellers)})
          or (${d.sellerKey} = '' and ${d.companyId} = any(${text(companies)})))`,
  )) as unknown as { rows: { key: string; channel: string }[] };
  const stored = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.channel === OTHER_CHANNEL) continue;
    const channels = stored.get(row.key) ?? new Set<string>();
    channels.add(row.channel);
    stored.set(row.key, channels);
  }
  for (const [key, group] of groups) {
    const channels = stored.get(key) ?? new Set<string>();
    for (const click of group) {
      if (click.channel === OTHER_CHANNEL || channels.has(click.channel)) continue;
      if (channels.size < NAMED_CHANNELS) channels.add(click.channel);
      else click.channel = OTHER_CHANNEL;
    }
  }
}
