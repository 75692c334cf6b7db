import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { CHECKOUT_PAGE_MESSAGES } from '@shared/store/checkout.schema';
import type { Database, Transaction } from '../../db/client';
import { countRowsBy } from '../../db/count-rows';
import { AppError } from '../../lib/app-error';
import type { PlatformScope } from '../../lib/scope';
import { commit, release, type StockLine } from '../inventory/inventory.service';
import { hashBuyerToken } from '../orders/order-identity';
import { invalidateCatalogue } from '../store-catalogue/store-catalogue.service';
import { storeOrderLines, storeOrders } from './store.table';

/**
 * A storefront order's life after its checkout opened: found by its buyer's
 * token, moved from status to status with a conditional update, its units
 * committed or released through the inventory, expired by the sweeper.
 */
export type StoreOrderRow = typeof storeOrders.$inferSelect;
type Status = StoreOrderRow['status'];

/** Statuses that hold reserved stock. */
export const HOLDING = ['reserved', 'pending_payment', 'pending_transfer'] as const;
/**
 * Every held status expires when its time runs out: a reservation after
 * STORE_RESERVATION_MINUTES, a transfer that never arrived after
 * STORE_TRANSFER_HOLD_HOURS. Money that still arrives later is honoured.
 */
const EXPIRING = HOLDING;

/** The order behind a checkout link; a wrong token is the same as no order (404). */
export async function findStoreOrder(
  db: Database | Transaction,
  orderId: string,
  token: string,
): Promise<StoreOrderRow> {
  const [order] = await db
    .select()
    .from(storeOrders)
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.tokenHash, hashBuyerToken(token))));
  if (!order) throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  return order;
}

/** The lines of an order that hold stock, as the inventory counts them. */
async function stockLines(tx: Transaction, orderId: string): Promise<StockLine[]> {
  const lines = await tx
    .select({ variantId: storeOrderLines.variantId, quantity: storeOrderLines.quantity })
    .from(storeOrderLines)
    .where(and(eq(storeOrderLines.orderId, orderId), eq(storeOrderLines.reservesStock, true)));
  return lines.map((line) => ({
    item: { kind: 'variant', id: line.variantId },
    quantity: line.quantity,
  }));
}

/**
 * Moves an order from one of `from` to `to` with a conditional update, so two
 * instances (or a webhook and a sweeper) never both apply the same change.
 * Answers the row with the status it had before, or undefined when it moved nothing.
 */
export async function transitionStoreOrder(
  tx: Transaction,
  orderId: string,
  from: readonly Status[],
  to: Status,
  extra: Partial<typeof storeOrders.$inferInsert> = {},
): Promise<StoreOrderRow | undefined> {
  const [previous] = await tx
    .select({ status: storeOrders.status })
    .from(storeOrders)
    .where(eq(storeOrders.id, orderId))
    .for('update');
  if (!previous || !from.includes(previous.status)) return undefined;
  const [row] = await tx
    .update(storeOrders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.status, previous.status)))
    .returning();
  return row ? { ...row, status: previous.status } : undefined;
}

/** Closes an order that still holds stock (cancelled or expired) and gives its units back. */
export async function closeStoreOrder(
  tx: Transaction,
  orderId: string,
  to: 'cancelled' | 'expired',
  at: Date,
): Promise<StoreOrderRow | undefined> {
  const moved = await transitionStoreOrder(tx, orderId, HOLDING, to, { closedAt: at });
  if (moved) for (const line of await stockLines(tx, orderId)) await release(tx, line);
  return moved;
}

/** Expires one order whose time ran out; answers whether this call did it. */
export async function expireStoreOrder(db: Database, orderId: string, now: Date): Promise<boolean> {
  const expired = await db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: storeOrders.id })
      .from(storeOrders)
      .where(
        and(
          eq(storeOrders.id, orderId),
          inArray(storeOrders.status, [...EXPIRING]),
          lt(storeOrders.reservedUntil, now),
        ),
      );
    return due ? (await closeStoreOrder(tx, orderId, 'expired', now)) !== undefined : false;
  });
  if (expired) invalidateCatalogue(db);
  return expired;
}

/** Whether an order's hold ran out (it is expired when next read or swept). */
export function isDue(order: Pick<StoreOrderRow, 'status' | 'reservedUntil'>, now: Date): boolean {
  return (EXPIRING as readonly string[]).includes(order.status) && order.reservedUntil < now;
}

/** The sweeper's part for the storefront: releases every unpaid reservation whose time ran out. */
export async function releaseExpiredReservations(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(inArray(storeOrders.status, [...EXPIRING]), lt(storeOrders.reservedUntil, now)))
    .limit(200);
  let released = 0;
  for (const { id } of due) {
    if (await expireStoreOrder(db, id, now)) released += 1;
  }
  return released;
}

/**
 * Marks an order paid once the provider confirmed it: its units are committed
 * through the inventory. An order that had expired or was cancelled takes its
 * units again as far as they exist.
 */
export async function markStoreOrderPaid(
  tx: Transaction,
  orderId: string,
  reference: string | null,
  // By default money a provider received for an order that expired or was cancelled
  // meanwhile still makes it paid.
  from: readonly Status[] = [...HOLDING, 'expired', 'cancelled'],
): Promise<boolean> {
  const moved = await transitionStoreOrder(tx, orderId, from, 'paid', {
    paidAt: new Date(),
    ...(reference ? { paymentReference: reference } : {}),
  });
  if (!moved) return false;
  const held = moved.status !== 'expired' && moved.status !== 'cancelled';
  for (const line of await stockLines(tx, orderId)) await commit(tx, line, { held });
  return true;
}

/** Admin: the platform received the bank transfer of an order. */
export async function confirmStoreTransfer(
  db: Database,
  orderId: string,
): Promise<{ id: string; status: 'paid' }> {
  const result = await db.transaction(async (tx) => {
    // Locked, so a buyer's cancel and this confirmation happen one after the other.
    const [order] = await tx
      .select({ status: storeOrders.status, provider: storeOrders.paymentProvider })
      .from(storeOrders)
      .where(eq(storeOrders.id, orderId))
      .for('update');
    if (!order) throw AppError.notFound('No existe el pedido de la tienda.');
    if (order.status === 'paid') return { id: orderId, status: 'paid' as const };
    // A transfer that arrives after its hold expired is still money received.
    const waiting = order.status === 'pending_transfer' || order.status === 'expired';
    if (!waiting || order.provider !== 'transfer') {
      throw AppError.conflict('El pedido no está esperando una transferencia.');
    }
    // A buyer who cancelled first keeps the order cancelled: the admin is told, not overruled.
    const done = await markStoreOrderPaid(tx, orderId, null, ['pending_transfer', 'expired']);
    if (!done) throw AppError.conflict('El pedido no está esperando una transferencia.');
    return { id: orderId, status: 'paid' as const };
  });
  invalidateCatalogue(db);
  return result;
}

/**
 * Storefront orders waiting for a bank transfer (or whose hold ran out before
 * it came), newest first: every buyer's, so the caller says so with the platform scope.
 */
export async function listStoreTransfers(db: Database, _everyBuyer: PlatformScope, limit = 100) {
  const rows = await db
    .select({
      id: storeOrders.id,
      status: storeOrders.status,
      totalCents: storeOrders.totalCents,
      currency: storeOrders.currency,
      buyerName: storeOrders.buyerName,
      buyerEmail: storeOrders.buyerEmail,
      reference: storeOrders.paymentReference,
      reservedUntil: storeOrders.reservedUntil,
      createdAt: storeOrders.createdAt,
    })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.paymentProvider, 'transfer'),
        inArray(storeOrders.status, ['pending_transfer', 'expired']),
      ),
    )
    .orderBy(sql`${storeOrders.createdAt} desc`)
    .limit(limit);
  const linesOf = await countRowsBy(
    db,
    storeOrderLines.orderId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as 'pending_transfer' | 'expired',
      total_cents: row.totalCents,
      currency: row.currency,
      buyer_name: row.buyerName,
      buyer_email: row.buyerEmail,
      reference: row.reference,
      lines: linesOf.get(row.id) ?? 0,
      reserved_until: row.reservedUntil.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
  };
}
