import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { linkVisitorGroups } from './analytics.table';

/**
 * A unique visitor is also limited per address network and browser family:
 * of all the visitors (address and exact user agent) of one group (IPv4 /24
 * or IPv6 /64, and Chrome, Firefox, Safari, Edge, Samsung, Opera or other) on
 * one product and Argentine day, only the first can make unique visits there.
 * So 2,000 random user agents from one address are one visitor, while their
 * clicks all count. The price: people sharing one public address (a carrier's
 * NAT, an office) with the same browser family count as one visitor of a
 * product that day.
 */

interface GroupedClick {
  day: string;
  productId: string;
  visitorHash: string;
  /** The group's keyed hash (visitor.ts); null when unknown (demo data), which limits nothing. */
  visitorGroup: string | null;
  uniqueVisit: boolean;
}

/**
 * Keeps the unique visits of the batch (`rows`, in time order) that are their
 * group's visitor's on that product, and unmarks the rest. The first visitor
 * claims a group in `link_visitor_groups`, in the writer's transaction: of two
 * writers at once, the second waits on the first's row and then finds it.
 */
export async function keepGroupVisitors(tx: Transaction, rows: GroupedClick[]): Promise<void> {
  const keyOf = (row: GroupedClick) => `${row.visitorGroup}|${row.productId}`;
  const candidates = rows.filter((row) => row.uniqueVisit && row.visitorGroup);
  if (candidates.length === 0) return;
  const claims = new Map<string, GroupedClick>();
  for (const row of candidates) if (!claims.has(keyOf(row))) claims.set(keyOf(row), row);
  // In key order, so that writers claiming the same groups take their rows in one order.
  const claimed = [...claims]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row);
  const text = (values: string[]) => sql`${sql.param(values)}::text[]`;
  const groups = text(claimed.map((row) => row.visitorGroup!));
  const products = text(claimed.map((row) => row.productId));
  const g = linkVisitorGroups;
  await tx.execute(
    sql`insert into ${g} (group_hash, product_id, day, visitor_hash)
      select * from unnest(${groups}, ${products},
        ${sql.param(claimed.map((row) => row.day))}::date[],
        ${text(claimed.map((row) => row.visitorHash))})
      on conflict (group_hash, product_id) do nothing`,
  );
  const { rows: owners } = (await tx.execute(
    sql`select ${g.groupHash} as "group", ${g.productId} as product, ${g.visitorHash} as visitor
      from ${g} where (${g.groupHash}, ${g.productId}) in (select * from unnest(${groups}, ${products}))`,
  )) as unknown as { rows: { group: string; product: string; visitor: string }[] };
  const ownerOf = new Map(
    owners.map((owner) => [`${owner.group}|${owner.product}`, owner.visitor]),
  );
  for (const row of candidates) row.uniqueVisit = ownerOf.get(keyOf(row)) === row.visitorHash;
}
