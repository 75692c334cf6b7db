import type Stripe from 'stripe';
import { CHECKOUT_PAGE_MESSAGES } from '@shared/store/checkout.schema';
import { AppError } from '../../../lib/app-error';
import {
  PROVIDER_UNREACHABLE,
  type PaymentReading,
  type ProviderContext,
  type Started,
  type StoreStartRequest,
  type WebhookReading,
} from './provider';
import { isStripeNotFound } from './stripe-event';

/**
 * The storefront's card payments: Stripe Checkout Sessions on the platform's
 * account, opened for an order, reused while open, closed, and read back
 * (on the buyer's return and on the platform's webhook). Only what Stripe
 * answers is applied, through the one settle path every payment takes.
 */

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Events after which a Checkout Session may have been paid (cards, then delayed methods). */
const MAY_BE_PAID = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/**
 * The storefront order a session was made for (our metadata, else its
 * client reference), or null when neither is an order id.
 */
function orderIdOf(session: Pick<Stripe.Checkout.Session, 'metadata' | 'client_reference_id'>) {
  const metadata: unknown = session.metadata;
  const named =
    typeof metadata === 'object' && metadata !== null
      ? (metadata as Record<string, unknown>).store_order_id
      : undefined;
  for (const candidate of [named, session.client_reference_id]) {
    if (typeof candidate === 'string' && ORDER_ID.test(candidate)) return candidate;
  }
  return null;
}

/**
 * A storefront Checkout Session as Stripe has it; null when Stripe does not
 * know it, a 502 otherwise so Stripe retries the webhook.
 */
async function readCheckoutSession(
  stripe: Stripe,
  id: unknown,
): Promise<Stripe.Checkout.Session | null> {
  if (typeof id !== 'string' || !/^\w{1,255}$/.test(id)) return null;
  try {
    return await stripe.checkout.sessions.retrieve(id);
  } catch (error) {
    if (isStripeNotFound(error)) return null;
    throw PROVIDER_UNREACHABLE('Stripe');
  }
}

/** A session as Stripe answered it: paid or not, what it took, and the order it was made for. */
function sessionReading(session: Stripe.Checkout.Session, eventKey?: string): PaymentReading {
  const orderId = orderIdOf(session);
  return {
    paymentId: session.id,
    eventKey: eventKey ?? `${session.id}:${session.payment_status}`,
    eventType: 'checkout.session',
    verdict: session.payment_status === 'paid' ? 'approved' : 'open',
    amountCents: session.amount_total,
    currency: session.currency ?? '',
    order: orderId ? { id: orderId } : null,
  };
}

/** Checkout Sessions of one account (the platform's): the storefront's side of the Stripe adapter. */
export function checkoutSessions(context: ProviderContext, stripe: Stripe) {
  return {
    /**
     * Opens a session for a storefront order. Stripe keeps a session open at
     * least 30 minutes: `expiresAt` must be later. Stripe unreachable or
     * refusing is a 502 PAYMENTS_UNAVAILABLE, never a 500.
     */
    async start({ order, successUrl, cancelUrl, expiresAt }: StoreStartRequest): Promise<Started> {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'payment',
          client_reference_id: order.id,
          customer_email: order.buyerEmail,
          metadata: { store_order_id: order.id },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          success_url: successUrl,
          cancel_url: cancelUrl,
          line_items: order.lines.map((line) => ({
            quantity: line.quantity,
            price_data: {
              currency: order.currency,
              unit_amount: line.unitPriceCents,
              product_data: { name: line.name },
            },
          })),
        });
        if (!session.url) throw new Error('Stripe answered a session without url');
      } catch (error) {
        context.log.warn({ err: error, orderId: order.id }, 'Stripe Checkout Session failed');
        throw new AppError('PAYMENTS_UNAVAILABLE', CHECKOUT_PAGE_MESSAGES.paymentsUnavailable, 502);
      }
      return {
        next: { kind: 'redirect', url: session.url },
        providerPaymentId: session.id,
        buyerEmailSent: false,
      };
    },

    /** Where a buyer who clicks Pay again goes: the session's page while it is still open, else null. */
    async resume(sessionId: string): Promise<string | null> {
      const session = await readCheckoutSession(stripe, sessionId).catch(() => null);
      return session?.status === 'open' && session.url ? session.url : null;
    },

    /** Best effort: a session paid meanwhile still reaches the order through its webhook. */
    async close(sessionId: string): Promise<void> {
      await stripe.checkout.sessions.expire(sessionId).catch(() => undefined);
    },

    async read(sessionId: string): Promise<PaymentReading | null> {
      const session = await readCheckoutSession(stripe, sessionId);
      return session ? sessionReading(session) : null;
    },
  };
}

/**
 * What a verified event of the platform's account names: a session that may
 * have been paid, read back from Stripe. The event applies once (its id is
 * the fact recorded); the order is the one Stripe's answer names.
 */
export async function readCheckoutEvent(
  stripe: Stripe,
  event: Stripe.Event,
): Promise<WebhookReading> {
  if (!MAY_BE_PAID.has(event.type)) return { result: 'ignored' };
  const named = event.data.object as Stripe.Checkout.Session;
  if (!orderIdOf(named)) return { result: 'ignored' };
  const session = await readCheckoutSession(stripe, named.id);
  return session ? { reading: sessionReading(session, event.id) } : { result: 'unknown_order' };
}
