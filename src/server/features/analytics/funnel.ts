/**
 * A link funnel in memory: clicks, unique visitors, orders and approved
 * orders, in all and by product, channel, day and seller, and how two
 * funnels of disjoint days add up (a kept past and a recent part).
 */

export interface Tally {
  clicks: number;
  unique_visitors: number;
  orders: number;
  approved_orders: number;
}

/** One breakdown's row: a product, a channel, a day or a seller, and its funnel. */
export interface Breakdown {
  key: string;
  tally: Tally;
}

/**
 * A period's funnel, in all and by product, channel, day and seller (the
 * company's own link, with no seller, is not a seller). Orders carry the
 * approved orders' commission: the seller's share and the whole.
 */
export interface Funnel {
  total: Tally;
  sellerCents: number;
  commissionCents: number;
  byProduct: Map<string, Tally>;
  byChannel: Map<string, Tally>;
  byDay: Map<string, Tally>;
  bySeller: Map<string, Tally>;
}

export const emptyTally = (): Tally => ({
  clicks: 0,
  unique_visitors: 0,
  orders: 0,
  approved_orders: 0,
});

export const emptyFunnel = (): Funnel => ({
  total: emptyTally(),
  sellerCents: 0,
  commissionCents: 0,
  byProduct: new Map(),
  byChannel: new Map(),
  byDay: new Map(),
  bySeller: new Map(),
});

export function addInto(sum: Tally, tally: Tally): void {
  sum.clicks += tally.clicks;
  sum.unique_visitors += tally.unique_visitors;
  sum.orders += tally.orders;
  sum.approved_orders += tally.approved_orders;
}

/** Adds a tally to a breakdown's row (a new row is a copy: kept funnels are never changed). */
export function addTally(into: Map<string, Tally>, key: string, tally: Tally): void {
  const sum = into.get(key);
  if (sum) addInto(sum, tally);
  else into.set(key, { ...tally });
}

/** Two tallies added up, as a new tally. */
export function sumOf(a: Tally, b: Tally): Tally {
  const sum = { ...a };
  addInto(sum, b);
  return sum;
}

/** Most clicks first, then sales and orders; ties by key, so the top of a list is always the same. */
export const byActivity = (a: Breakdown, b: Breakdown) =>
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

/** The tops worked out, per recent breakdown: the same pair of funnels gives the same top. */
const tops = new WeakMap<
  Map<string, Tally>,
  { past: Map<string, Tally> | undefined; count: number; top: readonly Breakdown[] }[]
>();

/**
 * The first `count` rows, by activity, of a breakdown of two funnels of
 * disjoint days added up: a key of `recent` adds its past tally; any other
 * key has its past tally alone, so only the first `count` of those, in the
 * past's order (sorted once per kept funnel), can be among the first. A
 * report of a busy platform thus sorts today's keys, not all, and only once
 * per pair of funnels (neither ever changes; the platform's hours under way
 * are a new funnel when a row of them changed).
 */
export function topOf(
  past: Map<string, Tally> | undefined,
  recent: Map<string, Tally>,
  count: number,
): readonly Breakdown[] {
  const worked = tops.get(recent) ?? [];
  const found = worked.find((entry) => entry.past === past && entry.count === count);
  if (found) return found.top;
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
  const top = candidates.sort(byActivity).slice(0, count);
  // A recent funnel meets few pasts (one per kept period); a handful are remembered.
  tops.set(recent, [{ past, count, top }, ...worked.slice(0, 7)]);
  return top;
}

/** Two funnels of disjoint rows added up, as a new funnel (neither is changed). */
export function mergedFunnel(a: Funnel, b: Funnel): Funnel {
  const merged = emptyFunnel();
  for (const funnel of [a, b]) {
    addInto(merged.total, funnel.total);
    merged.sellerCents += funnel.sellerCents;
    merged.commissionCents += funnel.commissionCents;
    for (const [key, tally] of funnel.byProduct) addTally(merged.byProduct, key, tally);
    for (const [key, tally] of funnel.byChannel) addTally(merged.byChannel, key, tally);
    for (const [key, tally] of funnel.byDay) addTally(merged.byDay, key, tally);
    for (const [key, tally] of funnel.bySeller) addTally(merged.bySeller, key, tally);
  }
  return merged;
}
