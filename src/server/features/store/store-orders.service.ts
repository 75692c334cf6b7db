import { eq } from 'drizzle-orm';
import { SALE_STATUSES, UNPAID_STATUSES, type OrderStatus } from '@shared/order-status';
import { CHECKOUT_PAGE_MESSAGES, type CheckoutOrderStatus } from '@shared/store/checkout.schema';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  transactionWithWorkflow,
  transitionOrder,
  type OrderWorkflow,
  type TransitionRequest,
} from '../orders/order-workflow';
import { SYSTEM, type OrderRow } from '../orders/orders.service';
import {
  findStoreBuyerOrder,
  lockStoreOrder,
  storeTransferOrders,
} from '../orders/store-channel.service';
import { storeCheckouts } from './store.table';

/**
 * A storefront order as the hosted checkout sees it. The order itself is an
 * order of channel `store` (orders feature: same table, lines, history and
 * status workflow as a payment link's); the checkout keeps where to send the
 * buyer back and where to ship, and speaks its own words for the statuses
 * (`paid` for an approved order).
 */
export interface StoreOrder {
  order: OrderRow;
  checkout: typeof storeCheckouts.$inferSelect;
  status: CheckoutOrderStatus;
  /** Until when its units are held; for a closed order, when it closed. */
  reservedUntil: Date;
}

/** The checkout page's word for an order's status. */
export function checkoutStatus(status: OrderStatus): CheckoutOrderStatus {
  if ((SALE_STATUSES as readonly string[]).includes(status)) return 'paid';
  if (status === 'refunded') return 'cancelled';
  return status as Exclude<OrderStatus, 'approved' | 'delivered' | 'refunded'>;
}

/** The order behind a checkout link; a wrong token is the same as no order (404). */
export async function findStoreOrder(
  db: Database | Transaction,
  orderId: string,
  token: string,
): Promise<StoreOrder> {
  const order = await findStoreBuyerOrder(db, orderId, token);
  const [checkout] = order
    ? await db.select().from(storeCheckouts).where(eq(storeCheckouts.orderId, order.id))
    : [];
  if (!order || !checkout) throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  return {
    order,
    checkout,
    status: checkoutStatus(order.status),
    reservedUntil: order.expiresAt ?? order.updatedAt,
  };
}

/** Whether an order's hold ran out (it is expired when next read or swept). */
export function isDue(order: Pick<OrderRow, 'status' | 'expiresAt'>, now: Date): boolean {
  return (
    (UNPAID_STATUSES as readonly string[]).includes(order.status) &&
    order.expiresAt !== null &&
    order.expiresAt < now
  );
}

/** A status change of a storefront order, through the one order workflow. */
export function moveStoreOrder(
  db: Database | Transaction,
  workflow: OrderWorkflow,
  request: Omit<TransitionRequest, 'scope' | 'changedBy'> & { changedBy?: string },
) {
  return transitionOrder(db, workflow, {
    changedBy: SYSTEM,
    ...request,
    scope: { kind: 'store' },
  });
}

/** Expires one order whose time ran out; answers whether this call did it. */
export async function expireStoreOrder(
  db: Database,
  workflow: OrderWorkflow,
  order: Pick<OrderRow, 'id' | 'status' | 'expiresAt'>,
  now: Date,
): Promise<boolean> {
  if (!isDue(order, now)) return false;
  const result = await moveStoreOrder(db, workflow, {
    orderId: order.id,
    from: [order.status],
    to: 'expired',
  });
  return result.kind === 'changed';
}

/**
 * Marks an order paid once the provider confirmed it: its units are committed
 * through the inventory. By default money a provider received for an order
 * that expired or was cancelled meanwhile still makes it paid (its units are
 * taken again as far as they exist).
 */
export async function markStoreOrderPaid(
  tx: Transaction,
  workflow: OrderWorkflow,
  orderId: string,
  providerPaymentId: string | null,
  changedBy = SYSTEM,
  from: readonly OrderStatus[] = [...UNPAID_STATUSES, 'expired', 'cancelled'],
): Promise<boolean> {
  const result = await moveStoreOrder(tx, workflow, {
    orderId,
    from,
    to: 'approved',
    changedBy,
    ...(providerPaymentId ? { providerPaymentId } : {}),
  });
  return result.kind === 'changed';
}

/** Admin: the platform received the bank transfer of an order. */
export async function confirmStoreTransfer(
  db: Database,
  workflow: OrderWorkflow,
  orderId: string,
  adminId: string,
): Promise<{ id: string; status: 'paid' }> {
  return transactionWithWorkflow(db, workflow, async (tx, inner) => {
    // Locked, so a buyer's cancel and this confirmation happen one after the other.
    const order = await lockStoreOrder(tx, orderId);
    if (!order) throw AppError.notFound('No existe el pedido de la tienda.');
    if (checkoutStatus(order.status) === 'paid') return { id: orderId, status: 'paid' as const };
    // A transfer that arrives after its hold expired is still money received.
    const waiting = order.status === 'pending_transfer' || order.status === 'expired';
    if (!waiting || order.provider !== 'transferencia') {
      throw AppError.conflict('El pedido no está esperando una transferencia.');
    }
    // A buyer who cancelled first keeps the order cancelled: the admin is told, not overruled.
    const done = await markStoreOrderPaid(tx, inner, orderId, null, adminId, [
      'pending_transfer',
      'expired',
    ]);
    if (!done) throw AppError.conflict('El pedido no está esperando una transferencia.');
    return { id: orderId, status: 'paid' as const };
  });
}

/** Storefront orders waiting for a bank transfer (or whose hold ran out before it came), newest first. */
export async function listStoreTransfers(db: Database) {
  const rows = await storeTransferOrders(db);
  return {
    items: rows.map(({ order, lines }) => ({
      id: order.id,
      status: order.status as 'pending_transfer' | 'expired',
      total_cents: order.totalCents,
      currency: order.currency,
      buyer_name: order.buyerName,
      buyer_email: order.buyerEmail,
      reference: order.externalReference,
      lines,
      reserved_until: (order.expiresAt ?? order.updatedAt).toISOString(),
      created_at: order.createdAt.toISOString(),
    })),
  };
}
