import Stripe from 'stripe';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { AppError } from '../../../lib/app-error';
import { methodWithSecrets, type ActiveMethod } from '../payment-methods.service';
import type { PaymentVerdict } from '../payment-outcome.service';
import { createStripeClient, type StripeKeys } from '../stripe-client';
import type { WebhookRequest } from '../webhook-route';
import {
  INVALID_SIGNATURE,
  PROVIDER_UNREACHABLE,
  REFUND_FAILED,
  type PaymentProvider,
  type PaymentReading,
  type ProviderConnection,
  type ProviderContext,
  type WebhookReading,
} from './provider';
import { checkoutSessions, readCheckoutEvent } from './stripe-checkout';
import { idOf, isStripeNotFound, verifyStripeEvent } from './stripe-event';

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

/** The platform's own account: the storefront's card payments (no publishable key: Stripe hosts the page). */
export function platformStripeAccount(
  keys: StripeKeys & { webhookSecret?: string },
): StripeAccount {
  return {
    stripe: createStripeClient(keys),
    publishableKey: '',
    webhookSecret: keys.webhookSecret,
  };
}

/**
 * POST /api/webhooks/stripe, the platform account's events (the storefront's
 * Checkout Sessions): verified with the platform's webhook secret, then the
 * session it names is read back from Stripe.
 */
export async function readPlatformEvent(
  account: StripeAccount,
  request: WebhookRequest,
): Promise<WebhookReading> {
  const event = verifyStripeEvent(
    account.stripe,
    account.webhookSecret,
    request.rawBody,
    request.headers['stripe-signature'],
  );
  return readCheckoutEvent(account.stripe, event);
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

/** An account's connection: a company's (payment links) or the platform's (the storefront). */
export function stripeConnection(
  context: ProviderContext,
  account: StripeAccount,
): ProviderConnection {
  const sessions = checkoutSessions(context, account.stripe);
  return {
    async start(request) {
      // A storefront order pays on Stripe's hosted page (the platform's account).
      if (request.channel === 'store') return sessions.start(request);
      const { order, successUrl } = request;
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

    async refund({ order, paymentId }) {
      try {
        // A storefront order is paid through a Checkout Session: its PaymentIntent is what is refunded.
        const intentId = paymentId.startsWith('cs_')
          ? idOf((await account.stripe.checkout.sessions.retrieve(paymentId)).payment_intent)
          : paymentId;
        if (!intentId) throw new Error('Checkout Session without a PaymentIntent');
        const refund = await account.stripe.refunds.create(
          {
            payment_intent: intentId,
            // A connected account's payment gives the platform's fee back with it.
            ...(account.connectedAccount ? { refund_application_fee: true } : {}),
          },
          { idempotencyKey: `refund-${order.id}`, ...actingFor(account) },
        );
        return { refundId: refund.id };
      } catch (error) {
        // Refunded already (from Stripe's dashboard): the money is back, the order may follow.
        if ((error as { code?: string }).code === 'charge_already_refunded')
          return { refundId: null };
        context.log.warn({ err: error, orderId: order.id, paymentId }, 'Stripe refund failed');
        throw REFUND_FAILED('Stripe');
      }
    },

    resume: (paymentId) => sessions.resume(paymentId),
    close: (paymentId) => sessions.close(paymentId),

    async readPayment(paymentId) {
      if (paymentId.startsWith('cs_')) return sessions.read(paymentId);
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
    return account ? stripeConnection(context, account) : null;
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
