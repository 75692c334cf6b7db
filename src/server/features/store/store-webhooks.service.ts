import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { transactionWithWorkflow, type OrderWorkflow } from '../orders/order-workflow';
import { lockStoreOrder } from '../orders/store-channel.service';
import { markStoreOrderPaid } from './store-orders.service';
import { recordPaymentEvent } from '../payments/payment-events.service';
import { checkoutSessionPays, readCheckoutSession } from '../payments/providers/stripe';
import { verifyStripeEvent } from '../payments/providers/stripe-event';

/** Events after which a Checkout Session may have been paid (cards, then delayed methods). */
const MAY_BE_PAID = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The storefront order a session names (our metadata, else its client
 * reference), or null when neither is an order id: the event's JSON is
 * signed, not checked, and a stray value must not reach a query.
 */
function orderIdOf(session: Stripe.Checkout.Session | undefined): string | null {
  const metadata: unknown = session?.metadata;
  const named =
    typeof metadata === 'object' && metadata !== null
      ? (metadata as Record<string, unknown>).store_order_id
      : undefined;
  for (const candidate of [named, session?.client_reference_id]) {
    if (typeof candidate === 'string' && ORDER_ID.test(candidate)) return candidate;
  }
  return null;
}

/**
 * Verifies a Stripe webhook with the Stripe adapter (raw body + signature,
 * 300 s tolerance) and applies it once: the event id is recorded in the same transaction, so a repeated
 * delivery changes nothing. The event only names the session: it is read back
 * from Stripe, and only Stripe's answer (paid, with the order's amount and
 * currency) marks the order paid.
 */
export async function handleStripeWebhook(
  db: Database,
  workflow: OrderWorkflow,
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const event = verifyStripeEvent(stripe, webhookSecret, rawBody, signature);

  const named = event.type.startsWith('checkout.session.')
    ? (event.data.object as Stripe.Checkout.Session)
    : undefined;
  const orderId = orderIdOf(named);
  const session =
    named && orderId && MAY_BE_PAID.has(event.type)
      ? await readCheckoutSession(stripe, named.id)
      : null;

  return transactionWithWorkflow(db, workflow, async (tx, inner) => {
    const fresh = await recordPaymentEvent(tx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      orderId,
    });
    if (!fresh) return { received: true as const, duplicate: true };
    if (!session || !orderId) return { received: true as const, duplicate: false };
    // Only the session we created for this order can pay it.
    const order = await lockStoreOrder(tx, orderId);
    if (order && order.providerPaymentId === session.id && checkoutSessionPays(session, order)) {
      await markStoreOrderPaid(tx, inner, orderId, session.id);
    }
    return { received: true as const, duplicate: false };
  });
}
