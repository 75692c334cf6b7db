import { eq } from 'drizzle-orm';
import { UNPAID_STATUSES } from '@shared/order-status';
import {
  CHECKOUT_PAGE_MESSAGES,
  type CheckoutBuyer,
  type CheckoutSummary,
} from '@shared/store/checkout.schema';
import type { Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { transactionWithWorkflow } from '../orders/order-workflow';
import { settle } from '../payments/payment-confirmation.service';
import { repointStorePayment } from '../orders/store-channel.service';
import { getStoreCheckout, type StoreCheckoutDeps } from './store-checkout.service';
import { findStoreOrder, moveStoreOrder } from './store-orders.service';
import { storeCheckouts } from './store.table';

/**
 * Paying or leaving the hosted checkout page: the buyer pays by card (a
 * Checkout Session on the platform's Stripe account, through the Stripe
 * payment adapter) or by bank transfer, cancels, or comes back from Stripe,
 * where only Stripe's own answer, applied by the one settle path every
 * payment takes, marks the order paid.
 */

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
  const payer = { name: buyer.name, email: buyer.email.toLowerCase(), phone: buyer.phone };
  const shippingAddress = {
    address: buyer.address,
    city: buyer.city,
    postalCode: buyer.postalCode,
    province: buyer.province,
  };
  const shipTo = (tx: Transaction) =>
    tx.update(storeCheckouts).set({ shippingAddress }).where(eq(storeCheckouts.orderId, orderId));

  const gateway = deps.gateway;
  if (gateway && deps.config.store.stripe) {
    if (current.status !== 'reserved' && current.status !== 'pending_payment') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
    const { order, reservedUntil } = await findStoreOrder(deps.db, orderId, token);
    // A second click reuses the session already open, so a buyer never holds two payable sessions.
    if (order.status === 'pending_payment' && order.providerPaymentId) {
      const open = await gateway.resume?.(order.providerPaymentId);
      if (open) return { redirect_url: open, summary: current };
    }
    // Stripe needs at least 30 minutes; the reservation is extended to match the session.
    const expiresAt = new Date(Math.max(reservedUntil.getTime(), now.getTime() + 31 * 60_000));
    const returnBase = `${deps.config.appUrl}/checkout/${orderId}?token=${encodeURIComponent(token)}`;
    const started = await gateway.start({
      channel: 'store',
      order: {
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
      successUrl: `${returnBase}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: returnBase,
      expiresAt,
    });
    const sessionId = started.providerPaymentId;
    if (!sessionId || started.next.kind !== 'redirect') throw new Error('no Checkout Session');
    const redirectUrl = started.next.url;
    const holdUntil = new Date(expiresAt.getTime() + 60_000);
    const moved = await transactionWithWorkflow(deps.db, deps.workflow, async (tx, workflow) => {
      // Back for a new session after the last one closed: the order only points at it.
      const done =
        order.status === 'pending_payment'
          ? await repointStorePayment(tx, orderId, 'pending_payment', {
              providerPaymentId: sessionId,
              expiresAt: holdUntil,
            })
          : (
              await moveStoreOrder(tx, workflow, {
                orderId,
                from: ['reserved'],
                to: 'pending_payment',
                expiresAt: holdUntil,
                providerPaymentId: sessionId,
                payment: { provider: 'stripe', buyer: payer },
              })
            ).kind === 'changed';
      if (done) await shipTo(tx);
      return done;
    });
    if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    return { redirect_url: redirectUrl, summary: await getStoreCheckout(deps, orderId, token) };
  }

  if (!deps.config.store.bank) {
    throw new AppError('PAYMENTS_UNAVAILABLE', CHECKOUT_PAGE_MESSAGES.paymentsUnavailable, 503);
  }
  if (current.status === 'pending_transfer') {
    return { redirect_url: null, summary: current };
  }
  if (current.status !== 'reserved') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const moved = await transactionWithWorkflow(deps.db, deps.workflow, async (tx, workflow) => {
    const result = await moveStoreOrder(tx, workflow, {
      orderId,
      from: ['reserved'],
      to: 'pending_transfer',
      // The units wait for the transfer, but not forever.
      expiresAt: new Date(now.getTime() + deps.config.store.transferHoldHours * 3_600_000),
      payment: { provider: 'transferencia', buyer: payer },
    });
    if (result.kind === 'changed') await shipTo(tx);
    return result.kind === 'changed';
  });
  if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  return { redirect_url: null, summary: await getStoreCheckout(deps, orderId, token) };
}

/** Cancel on the hosted page: the reservation is released and the buyer returns to cancelUrl. */
export async function cancelStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
): Promise<{ redirect_url: string }> {
  const { order, checkout, status } = await findStoreOrder(deps.db, orderId, token);
  if (status === 'paid') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const result = await moveStoreOrder(deps.db, deps.workflow, {
    orderId,
    from: UNPAID_STATUSES,
    to: 'cancelled',
  });
  if (result.kind !== 'changed') {
    // Someone else moved the order first: a confirmation or a payment since we read it
    // must not be answered as a successful cancel. An order already closed stays closed.
    const now = result.kind === 'unchanged' ? result.order.status : undefined;
    if (now !== 'cancelled' && now !== 'expired') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
  }
  if (
    result.kind === 'changed' &&
    result.previous === 'pending_payment' &&
    order.providerPaymentId
  ) {
    // Close the Stripe session too, so it cannot be paid later.
    await deps.gateway?.close?.(order.providerPaymentId);
  }
  return { redirect_url: checkout.cancelUrl };
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
  const { order, status } = await findStoreOrder(deps.db, orderId, token);
  const gateway = deps.gateway;
  if (
    !gateway?.readPayment ||
    order.provider !== 'stripe' ||
    order.providerPaymentId !== sessionId
  ) {
    throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  }
  if (status !== 'paid') {
    const reading = await gateway.readPayment(sessionId);
    if (reading) {
      const confirmation = { db: deps.db, orderWorkflow: deps.workflow, log: deps.log };
      await settle(confirmation, 'stripe', { kind: 'store' }, reading, order);
    }
  }
  return getStoreCheckout(deps, orderId, token);
}
