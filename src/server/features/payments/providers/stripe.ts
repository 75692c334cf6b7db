import Stripe from 'stripe';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { AppError } from '../../../lib/app-error';
import { methodWithSecrets, type ActiveMethod } from '../payment-methods.service';
import { paidAsOrdered, type PaymentVerdict } from '../payment-outcome.service';
import { createStripeClient } from '../stripe-client';
import {
  INVALID_SIGNATURE,
  PROVIDER_UNREACHABLE,
  type PaymentProvider,
  type PaymentReading,
  type ProviderConnection,
  type ProviderContext,
  type WebhookReading,
} from './provider';
import { verifyStripeEvent } from './stripe-event';

/**
 * A company's Stripe account as the platform reaches it: its client, the
 * publishable key Stripe.js loads with and the secret its webhooks are signed
 * with; for a connected account (Stripe Connect) the platform's client and
 * keys, acting for `connectedAccount`.
 */
export interface StripeAccount {
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** The company's connected account (acct_…): every call acts for it. */
  connectedAccount?: string;
}

/**
 * A connected account as the platform reaches it (its key, acting for the
 * account); null when Stripe Connect is not configured.
 */
export function connectedStripeAccount(
  pay: ProviderContext['pay'],
  accountId: string,
): StripeAccount | null {
  const platform = pay.stripeConnect;
  if (!platform) return null;
  return {
    stripe: createStripeClient({ secretKey: platform.secretKey, apiUrl: pay.stripeApiUrl }),
    publishableKey: platform.publishableKey,
    webhookSecret: platform.webhookSecret,
    connectedAccount: accountId,
  };
}

/**
 * The company's Stripe account from its method; null without a secret and a
 * publishable key, or for a connection that cannot charge (unfinished
 * onboarding, revoked, or Connect no longer configured).
 */
export function stripeAccountOf(
  context: ProviderContext,
  method: ActiveMethod,
): StripeAccount | null {
  if (method.connection === 'oauth') {
    return method.accountId && method.connectionStatus === 'connected'
      ? connectedStripeAccount(context.pay, method.accountId)
      : null;
  }
  const secretKey = method.secrets.secretKey;
  const publishableKey = method.config.publishableKey;
  if (!secretKey || !publishableKey) return null;
  return {
    stripe: createStripeClient({ secretKey, apiUrl: context.pay.stripeApiUrl }),
    publishableKey,
    webhookSecret: method.secrets.webhookSecret,
  };
}

const idOf = (value: string | { id: string } | null): string | undefined =>
  typeof value === 'string' ? value : value?.id;

function isStripeNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { statusCode?: number }).statusCode === 404
  );
}

/**
 * A storefront Checkout Session as Stripe has it (the platform's account);
 * null when Stripe does not know it, a 502 otherwise so Stripe retries the webhook.
 */
export async function readCheckoutSession(
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

/** A storefront order as the platform's hosted checkout shows it. */
export interface HostedCheckoutOrder {
  id: string;
  totalCents: number;
  currency: string;
  buyerEmail: string;
  lines: { name: string; quantity: number; unitPriceCents: number }[];
}

/**
 * Opens a Checkout Session on the platform's account for a storefront order.
 * Stripe keeps a session open at least 30 minutes: `expiresAt` must be later.
 */
export async function openCheckoutSession(
  stripe: Stripe,
  order: HostedCheckoutOrder,
  options: { expiresAt: Date; successUrl: string; cancelUrl: string },
): Promise<{ id: string; url: string }> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    client_reference_id: order.id,
    customer_email: order.buyerEmail,
    metadata: { store_order_id: order.id },
    expires_at: Math.floor(options.expiresAt.getTime() / 1000),
    success_url: options.successUrl,
    cancel_url: options.cancelUrl,
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
  return { id: session.id, url: session.url };
}

/** Where a buyer who clicks Pay again goes: the session's page while it is still open, else null. */
export async function openSessionUrl(stripe: Stripe, sessionId: string): Promise<string | null> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  return session.status === 'open' && session.url ? session.url : null;
}

/**
 * Closes a session so it cannot be paid later. Best effort: a session paid
 * meanwhile still reaches the order through its webhook.
 */
export async function closeCheckoutSession(stripe: Stripe, sessionId: string): Promise<void> {
  await stripe.checkout.sessions.expire(sessionId).catch(() => undefined);
}

/**
 * Whether a Checkout Session, as Stripe answered it, pays this order: paid,
 * made for it, and for exactly its amount and currency (the one guard every
 * payment passes, `paidAsOrdered`).
 */
export function checkoutSessionPays(
  session: Pick<
    Stripe.Checkout.Session,
    'payment_status' | 'amount_total' | 'currency' | 'client_reference_id' | 'metadata'
  >,
  order: { id: string; totalCents: number; currency: string },
): boolean {
  const madeFor = session.metadata?.store_order_id ?? session.client_reference_id;
  return (
    session.payment_status === 'paid' &&
    madeFor === order.id &&
    paidAsOrdered({ amountCents: session.amount_total, currency: session.currency }, order)
  );
}

/** A PaymentIntent as Stripe answered it, for the order its metadata names. */
function readingOf(
  intent: Stripe.PaymentIntent,
  verdict: PaymentVerdict,
  eventType: string,
  applicationFeeCents: number | null = null,
): PaymentReading {
  const orderId = intent.metadata?.order_id;
  return {
    applicationFeeCents,
    paymentId: intent.id,
    eventKey: `${intent.id}:${verdict === 'refunded' ? 'refunded' : intent.status}`,
    eventType,
    verdict,
    // What Stripe says it received approves the order, never the amount asked for.
    amountCents: verdict === 'refunded' ? null : intent.amount_received,
    currency: intent.currency,
    order: orderId ? { id: orderId } : null,
  };
}

const verdictOf = (intent: Stripe.PaymentIntent): PaymentVerdict =>
  intent.status === 'succeeded' ? 'approved' : 'open';

/** Request options that make a call act for the connected account, if any. */
const actingFor = (account: StripeAccount): Stripe.RequestOptions =>
  account.connectedAccount ? { stripeAccount: account.connectedAccount } : {};

/**
 * What the platform kept of a connected account's payment: the application
 * fee on its charge, as Stripe answers it (null for a company's own keys).
 */
async function keptFee(
  account: StripeAccount,
  intent: Stripe.PaymentIntent,
): Promise<number | null> {
  const chargeId = idOf(intent.latest_charge);
  if (!account.connectedAccount || !chargeId) return null;
  const charge = await account.stripe.charges.retrieve(chargeId, {}, actingFor(account));
  return charge.application_fee_amount ?? null;
}

/**
 * A refunded connected payment gives the platform's fee back to the company
 * (as a refund made with `refund_application_fee` would), once: the fee's
 * own state and an idempotency key keep retries and replays to one refund.
 */
async function returnFee(account: StripeAccount, charge: Stripe.Charge): Promise<void> {
  const feeId = idOf(charge.application_fee as string | { id: string } | null);
  if (!account.connectedAccount || !feeId) return;
  const fee = await account.stripe.applicationFees.retrieve(feeId);
  if (fee.refunded) return;
  await account.stripe.applicationFees.createRefund(
    feeId,
    {},
    { idempotencyKey: `fee-refund-${feeId}` },
  );
}

function connection(context: ProviderContext, account: StripeAccount): ProviderConnection {
  return {
    async start({ order, successUrl }) {
      try {
        const intent = await account.stripe.paymentIntents.create(
          {
            amount: order.totalCents,
            currency: 'ars',
            description: order.productTitle,
            receipt_email: order.buyerEmail,
            metadata: { order_id: order.id, external_reference: order.externalReference },
            automatic_payment_methods: { enabled: true },
            // A connected account's payment keeps the whole commission for the platform.
            ...(account.connectedAccount
              ? { application_fee_amount: order.sellerCents + order.platformCents }
              : {}),
          },
          { idempotencyKey: `order-${order.id}`, ...actingFor(account) },
        );
        if (!intent.client_secret) throw new Error('PaymentIntent without client_secret');
        return {
          next: {
            kind: 'stripe',
            client_secret: intent.client_secret,
            publishable_key: account.publishableKey,
            return_url: successUrl,
            ...(account.connectedAccount ? { stripe_account: account.connectedAccount } : {}),
          },
          providerPaymentId: intent.id,
          buyerEmailSent: false,
        };
      } catch (error) {
        context.log.warn({ err: error, orderId: order.id }, 'Stripe PaymentIntent failed');
        if (error instanceof Stripe.errors.StripeAuthenticationError) {
          throw new AppError('STRIPE_MISCONFIGURED', PAY_MESSAGES.stripeInvalid, 409);
        }
        throw new AppError('PAYMENT_FAILED', PAY_MESSAGES.paymentFailed, 502);
      }
    },

    async readPayment(paymentId) {
      let intent;
      try {
        intent = await account.stripe.paymentIntents.retrieve(paymentId, {}, actingFor(account));
      } catch (error) {
        if (isStripeNotFound(error)) return null;
        throw error;
      }
      const verdict = verdictOf(intent);
      const fee = verdict === 'approved' ? await keptFee(account, intent) : null;
      return readingOf(intent, verdict, 'return', fee);
    },
  };
}

/**
 * What a verified event names, read back from Stripe with the account's own
 * access: the PaymentIntent (and for a refund its charge, for a chargeback
 * its dispute). An event that does not match Stripe's records reads nothing.
 */
export async function readStripeEvent(
  context: ProviderContext,
  account: StripeAccount,
  event: Stripe.Event,
  companyId: string,
): Promise<WebhookReading> {
  const named = (event.data.object as { id?: unknown }).id;
  if (typeof named !== 'string' || !/^\w{1,255}$/.test(named)) return { result: 'ignored' };
  const options = actingFor(account);
  let intent: Stripe.PaymentIntent | undefined;
  let verdict: PaymentVerdict = 'open';
  let fee: number | null = null;
  try {
    if (event.type === 'payment_intent.succeeded') {
      intent = await account.stripe.paymentIntents.retrieve(named, {}, options);
      verdict = verdictOf(intent);
      if (verdict === 'approved') fee = await keptFee(account, intent);
    } else if (event.type === 'charge.refunded') {
      const charge = await account.stripe.charges.retrieve(named, {}, options);
      const intentId = idOf(charge.payment_intent);
      if (charge.refunded && intentId) {
        await returnFee(account, charge);
        intent = await account.stripe.paymentIntents.retrieve(intentId, {}, options);
        verdict = 'refunded';
      }
    } else if (event.type === 'charge.dispute.created') {
      const dispute = await account.stripe.disputes.retrieve(named, {}, options);
      const intentId = idOf(dispute.payment_intent);
      if (intentId) {
        intent = await account.stripe.paymentIntents.retrieve(intentId, {}, options);
        verdict = 'refunded';
      }
    }
  } catch (error) {
    if (isStripeNotFound(error)) {
      context.log.warn(
        { companyId, event: event.id },
        'Stripe does not know what this event names',
      );
      return { result: 'unknown_order' };
    }
    context.log.error({ err: error, companyId, event: event.id }, 'Stripe could not be asked');
    throw PROVIDER_UNREACHABLE('Stripe');
  }
  if (!intent) return { result: 'ignored' };
  return { reading: readingOf(intent, verdict, event.type, fee) };
}

/**
 * Stripe with the company's own keys: a PaymentIntent the buyer confirms with
 * Stripe.js on our page, read back on their return and on webhooks.
 */
export const stripeProvider: PaymentProvider = {
  id: 'stripe',
  waitingStatus: 'pending_payment',
  holdMs: (pay) => pay.reservationMinutes * 60_000,

  connect(context, method) {
    const account = stripeAccountOf(context, method);
    return account ? connection(context, account) : null;
  },

  notConnected: () => new AppError('STRIPE_MISCONFIGURED', PAY_MESSAGES.stripeInvalid, 409),

  // Only the PaymentIntent this order was started with is asked about.
  returnedPaymentId: (order, { paymentIntent }) =>
    paymentIntent && order.providerPaymentId === paymentIntent ? paymentIntent : undefined,

  /**
   * POST /api/webhooks/stripe/:companyId, verified with the company's webhook
   * secret (300 s tolerance). The event only says which payment to look at: the
   * PaymentIntent (and for a refund its charge, for a chargeback its dispute) is
   * retrieved with the company's key and only Stripe's answer approves or
   * refunds. A company without a webhook secret cannot receive webhooks: its
   * card orders are confirmed when the buyer returns.
   */
  async webhook(context, companyId, request) {
    const method = await methodWithSecrets(context.db, context.secretBox, companyId, 'stripe');
    // A connected account's events arrive at the platform's Connect endpoint, never here.
    const account =
      method && method.connection === 'token' ? stripeAccountOf(context, method) : null;
    if (!account) throw INVALID_SIGNATURE();
    const event = verifyStripeEvent(
      account.stripe,
      account.webhookSecret,
      request.rawBody,
      request.headers['stripe-signature'],
    );

    // The event only names a payment; what happened to it is read back from Stripe.
    return readStripeEvent(context, account, event, companyId);
  },
};
