import { and, count, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { orders } from '../orders/orders.table';

/**
 * What the risk center asks of a seller's payment-link orders (features/risk):
 * read inside the transaction that writes the order or its status change.
 */

/**
 * A seller's payment-link orders since `since` placed from this visitor (link
 * analytics' hash) or this address (the per-address key), the one being
 * written included.
 */
export async function recentOrdersFrom(
  tx: Transaction,
  input: { sellerId: string; since: Date; visitorHash: string | null; clientKey: string | null },
): Promise<number> {
  const from = [
    input.visitorHash ? eq(orders.visitorHash, input.visitorHash) : undefined,
    input.clientKey ? eq(orders.clientKey, input.clientKey) : undefined,
  ].filter((condition) => condition !== undefined);
  if (from.length === 0) return 0;
  const [row] = await tx
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, input.sellerId),
        eq(orders.channel, 'link'),
        gte(orders.createdAt, input.since),
        or(...from),
      ),
    );
  return row?.value ?? 0;
}

/**
 * A seller's sales that were approved (approved or delivered now, or refunded
 * since), and how many of them were refunded.
 */
export async function sellerRefundShare(
  tx: Transaction,
  sellerId: string,
): Promise<{ approved: number; refunded: number }> {
  const [row] = await tx
    .select({
      approved: sql<number>`count(*)::int`,
      refunded: sql<number>`(count(*) filter (where ${orders.status} = 'refunded'))::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.sellerId, sellerId),
        eq(orders.channel, 'link'),
        inArray(orders.status, ['approved', 'delivered', 'refunded']),
      ),
    );
  return { approved: Number(row?.approved ?? 0), refunded: Number(row?.refunded ?? 0) };
}

/** The references (VM-…) of these orders, to show beside their ids. */
export async function orderReferences(
  db: Database | Transaction,
  orderIds: string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, reference: orders.externalReference })
    .from(orders)
    .where(and(inArray(orders.id, ids), ne(orders.channel, 'store')));
  return new Map(rows.map((row) => [row.id, row.reference]));
}

/**
 * Locks these orders' rows as a status change does (in id order, so two
 * callers never wait on each other crosswise): what is written about them
 * meanwhile (a clawback) and a status change (a refund's reversal) take turns.
 */
export async function lockOrders(tx: Transaction, orderIds: string[]): Promise<void> {
  const ids = [...new Set(orderIds)].sort();
  if (ids.length === 0) return;
  await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.id, ids))
    .orderBy(orders.id)
    .for('update');
}
