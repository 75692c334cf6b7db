import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { UNPAID_STATUSES, type OrderStatus } from '@shared/order-status';
import type { Database, Transaction } from '../../db/client';
import { countRowsBy } from '../../db/count-rows';
import { hashBuyerToken, newBuyerToken, newExternalReference } from './order-identity';
import { SYSTEM, type OrderRow } from './orders.service';
import { orderLines, orders, orderStatusHistory } from './orders.table';

/**
 * The storefront's orders (channel `store`) as the orders feature keeps them:
 * the same table, lines, history and status workflow as every order; here
 * only what the storefront's surface asks that a payment link does not.
 * Each function reads or writes store orders only.
 */

const inStore = eq(orders.channel, 'store');

/** A storefront cart's line, priced from the catalogue when the order is opened. */
export interface NewStoreLine {
  storeProductId: string;
  storeVariantId: string;
  title: string;
  variantTitle: string;
  imageUrl: string | null;
  unitPriceCents: number;
  quantity: number;
  reservesStock: boolean;
}

/**
 * Writes a storefront order (channel `store`, status `reserved`), its lines and
 * its first history row, in the caller's transaction, which has reserved the
 * lines' units. The whole amount is the platform's: the storefront is its own
 * shop, with no company or seller. Answers the order and its buyer's token.
 */
export async function insertStoreOrder(
  tx: Transaction,
  input: {
    lines: readonly NewStoreLine[];
    currency: string;
    expiresAt: Date;
    clientKey: string | null;
    createdAt: Date;
  },
): Promise<{ order: OrderRow; token: string }> {
  const [first, ...others] = [...input.lines].sort(
    (a, b) => a.title.localeCompare(b.title) || a.variantTitle.localeCompare(b.variantTitle),
  );
  if (!first) throw new Error('a storefront order needs at least one line');
  const total = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const token = newBuyerToken();
  const [order] = await tx
    .insert(orders)
    .values({
      channel: 'store',
      productTitle:
        `${first.title} (${first.variantTitle})` + (others.length ? ` y ${others.length} más` : ''),
      quantity: input.lines.reduce((sum, line) => sum + line.quantity, 0),
      commissionBps: 0,
      totalCents: total,
      companyCents: 0,
      sellerCents: 0,
      platformCents: total,
      currency: input.currency,
      status: 'reserved',
      externalReference: newExternalReference(),
      buyerTokenHash: hashBuyerToken(token),
      expiresAt: input.expiresAt,
      clientKey: input.clientKey,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  if (!order) throw new Error('insert returned no order');
  await tx.insert(orderLines).values(input.lines.map((line) => ({ ...line, orderId: order.id })));
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    status: 'reserved',
    changedBy: SYSTEM,
    createdAt: input.createdAt,
  });
  return { order, token };
}

/** The storefront order behind a checkout link; null when the token does not match. */
export async function findStoreBuyerOrder(
  db: Database | Transaction,
  orderId: string,
  token: string,
): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inStore, eq(orders.buyerTokenHash, hashBuyerToken(token))));
  return row ?? null;
}

/** A storefront order by id, locked until the caller's transaction ends. */
export async function lockStoreOrder(tx: Transaction, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), inStore))
    .for('update');
  return row ?? null;
}

/** Units one client holds in open storefront orders (reserved, being paid, waiting for a transfer). */
export async function storeUnitsHeldBy(tx: Transaction, key: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ units: sql<string>`coalesce(sum(${orderLines.quantity}), 0)` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.clientKey, key),
        inStore,
        eq(orderLines.reservesStock, true),
        inArray(orders.status, [...UNPAID_STATUSES]),
        gt(orders.expiresAt, now),
      ),
    );
  return Number(row?.units ?? 0);
}

/**
 * The Checkout Session of a storefront order still being paid changes (the
 * buyer came back after the last one closed): its id and the order's deadline,
 * on condition that the order is still in that status.
 */
export async function repointStorePayment(
  tx: Transaction,
  orderId: string,
  status: OrderStatus,
  set: { providerPaymentId: string; expiresAt: Date },
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), inStore, eq(orders.status, status)))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * Storefront orders paid by bank transfer that wait for it (or whose hold ran
 * out before it came), newest first, with how many lines each has.
 */
export async function storeTransferOrders(db: Database, limit = 100) {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inStore,
        eq(orders.provider, 'transferencia'),
        inArray(orders.status, ['pending_transfer', 'expired']),
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(limit);
  const lines = await countRowsBy(
    db,
    orderLines.orderId,
    rows.map((row) => row.id),
  );
  return rows.map((order) => ({ order, lines: lines.get(order.id) ?? 0 }));
}

/** How many storefront orders there are (the demo seeds its own only into an empty shop). */
export async function countStoreOrders(db: Database): Promise<number> {
  return db.$count(orders, inStore);
}
