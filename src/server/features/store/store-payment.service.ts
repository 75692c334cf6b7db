import { eq } from 'drizzle-orm';
import {
  CHECKOUT_PAGE_MESSAGES,
  type CheckoutBuyer,
  type CheckoutSummary,
} from '@shared/store/checkout.schema';
import { AppError } from '../../lib/app-error';
import {
  checkoutSessionPays,
  closeCheckoutSession,
  openCheckoutSession,
  openSessionUrl,
  readCheckoutSession,
} from '../payments/providers/stripe';
import { invalidateCatalogue } from '../store-catalogue/store-catalogue.service';
import { getStoreCheckout, type StoreCheckoutDeps } from './store-checkout.service';
import {
  closeStoreOrder,
  findStoreOrder,
  markStoreOrderPaid,
  transitionStoreOrder,
} from './store-orders.service';
import { storeOrders } from './store.table';

/**
 * Paying or leaving the hosted checkout page: the buyer pays by card (a
 * Checkout Session on the platform's Stripe account, through the Stripe
 * adapter) or by bank transfer, cancels, or comes back from Stripe, where
 * only Stripe's own answer marks the order paid.
 */

function transferReference(orderId: string): string {
  return `VM-${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * The buyer submits their details and pays with the platform's method: a Stripe
 * Checkout Session when Stripe is configured (the browser goes there), otherwise
 * a bank transfer (the order waits for an admin, keeping its reservation).
 */
export async function payStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
  buyer: CheckoutBuyer,
): Promise<{ redirect_url: string | null; summary: CheckoutSummary }> {
  const now = deps.now?.() ?? new Date();
  const current = await getStoreCheckout(deps, orderId, token);
  if (current.status === 'expired') {
    throw new AppError('ORDER_EXPIRED', CHECKOUT_PAGE_MESSAGES.orderExpired, 410);
  }
  const buyerColumns = {
    buyerName: buyer.name,
    buyerEmail: buyer.email.toLowerCase(),
    buyerPhone: buyer.phone,
    shippingAddress: {
      address: buyer.address,
      city: buyer.city,
      postalCode: buyer.postalCode,
      province: buyer.province,
    },
  };

  if (deps.stripe && deps.config.store.stripe) {
    if (current.status !== 'reserved' && current.status !== 'pending_payment') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
    const order = await findStoreOrder(deps.db, orderId, token);
    // A second click reuses the session already open, so a buyer never holds two payable sessions.
    if (order.status === 'pending_payment' && order.paymentReference) {
      const open = await openSessionUrl(deps.stripe, order.paymentReference);
      if (open) return { redirect_url: open, summary: current };
    }
    // Stripe needs at least 30 minutes; the reservation is extended to match the session.
    const expiresAt = new Date(
      Math.max(order.reservedUntil.getTime(), now.getTime() + 31 * 60_000),
    );
    const returnBase = `${deps.config.appUrl}/checkout/${orderId}?token=${encodeURIComponent(token)}`;
    const session = await openCheckoutSession(
      deps.stripe,
      {
        id: orderId,
        totalCents: current.total_cents,
        currency: current.currency,
        buyerEmail: buyer.email,
        lines: current.lines.map((line) => ({
          name: `${line.product_title} (${line.variant_title})`,
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
        })),
      },
      {
        expiresAt,
        successUrl: `${returnBase}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: returnBase,
      },
    );
    const moved = await deps.db.transaction((tx) =>
      transitionStoreOrder(tx, orderId, ['reserved', 'pending_payment'], 'pending_payment', {
        ...buyerColumns,
        paymentProvider: 'stripe',
        paymentReference: session.id,
        reservedUntil: new Date(expiresAt.getTime() + 60_000),
      }),
    );
    if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    return { redirect_url: session.url, summary: await getStoreCheckout(deps, orderId, token) };
  }

  if (!deps.config.store.bank) {
    throw new AppError('PAYMENTS_UNAVAILABLE', CHECKOUT_PAGE_MESSAGES.paymentsUnavailable, 503);
  }
  if (current.status === 'pending_transfer') {
    return { redirect_url: null, summary: current };
  }
  if (current.status !== 'reserved') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const moved = await deps.db.transaction((tx) =>
    transitionStoreOrder(tx, orderId, ['reserved'], 'pending_transfer', {
      ...buyerColumns,
      paymentProvider: 'transfer',
      paymentReference: transferReference(orderId),
      // The units wait for the transfer, but not forever.
      reservedUntil: new Date(now.getTime() + deps.config.store.transferHoldHours * 3_600_000),
    }),
  );
  if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  return { redirect_url: null, summary: await getStoreCheckout(deps, orderId, token) };
}

/** Cancel on the hosted page: the reservation is released and the buyer returns to cancelUrl. */
export async function cancelStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
): Promise<{ redirect_url: string }> {
  const order = await findStoreOrder(deps.db, orderId, token);
  if (order.status === 'paid') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const cancelled = await deps.db.transaction((tx) =>
    closeStoreOrder(tx, orderId, 'cancelled', new Date()),
  );
  invalidateCatalogue(deps.db);
  if (!cancelled) {
    // Someone else moved the order first: a confirmation or a payment since we read it
    // must not be answered as a successful cancel. An order already closed stays closed.
    const [current] = await deps.db
      .select({ status: storeOrders.status })
      .from(storeOrders)
      .where(eq(storeOrders.id, orderId));
    if (current?.status !== 'cancelled' && current?.status !== 'expired') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
  }
  if (cancelled?.status === 'pending_payment' && order.paymentReference && deps.stripe) {
    // Close the Stripe session too, so it cannot be paid later.
    await closeCheckoutSession(deps.stripe, order.paymentReference);
  }
  return { redirect_url: order.cancelUrl };
}

/**
 * The buyer is back from Stripe: we ask Stripe ourselves whether the session
 * was paid (never the browser's word) and mark the order paid if so.
 */
export async function confirmStripeReturn(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
  sessionId: string,
): Promise<CheckoutSummary> {
  const order = await findStoreOrder(deps.db, orderId, token);
  if (!deps.stripe || order.paymentProvider !== 'stripe' || order.paymentReference !== sessionId) {
    throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  }
  if (order.status !== 'paid') {
    const session = await readCheckoutSession(deps.stripe, sessionId);
    if (session && checkoutSessionPays(session, order)) {
      await deps.db.transaction((tx) => markStoreOrderPaid(tx, orderId, session.id));
      invalidateCatalogue(deps.db);
    }
  }
  return getStoreCheckout(deps, orderId, token);
}
