import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { PayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { findOrder, findOrderByReference, type OrderRow } from '../orders/orders.service';
import {
  createMercadoPagoClient,
  decimalToCents,
  MercadoPagoError,
  verifyMercadoPagoSignature,
} from './mercadopago';
import {
  applyPaymentOutcome,
  type OutcomeResult,
  type PaymentVerdict,
} from './payment-outcome.service';
import { methodWithSecrets } from './payment-methods.service';
import { createStripeClient } from './stripe-client';
import type { WebhookRequest } from './webhook-route';

export interface ConfirmationDeps {
  db: Database;
  secretBox: SecretBox;
  pay: PayConfig;
  log: FastifyBaseLogger;
}

const INVALID_SIGNATURE = () =>
  new AppError('INVALID_SIGNATURE', 'La firma del webhook no es válida.', 400);

/** Stripe's client for a company's own keys. */
export async function companyStripe(
  deps: Pick<ConfirmationDeps, 'db' | 'secretBox' | 'pay'>,
  companyId: string,
): Promise<{ stripe: Stripe; publishableKey: string; webhookSecret: string | undefined } | null> {
  const method = await methodWithSecrets(deps.db, deps.secretBox, companyId, 'stripe');
  const secretKey = method?.secrets.secretKey;
  const publishableKey = method?.config.publishableKey;
  if (!method || !secretKey || !publishableKey) return null;
  return {
    stripe: createStripeClient({ secretKey, apiUrl: deps.pay.stripeApiUrl }),
    publishableKey,
    webhookSecret: method.secrets.webhookSecret,
  };
}

function mercadoPagoVerdict(status: string): PaymentVerdict {
  if (status === 'approved') return 'approved';
  if (status === 'refunded' || status === 'charged_back') return 'refunded';
  return 'open';
}

/**
 * Asks MercadoPago about one payment with the company's token and applies
 * what it says to the order named by its external_reference.
 */
export async function confirmMercadoPagoPayment(
  deps: ConfirmationDeps,
  companyId: string,
  paymentId: string,
): Promise<OutcomeResult | 'unknown_order'> {
  const method = await methodWithSecrets(deps.db, deps.secretBox, companyId, 'mercadopago');
  const accessToken = method?.secrets.accessToken;
  if (!accessToken) return 'unknown_order';
  const client = createMercadoPagoClient({ accessToken, apiUrl: deps.pay.mercadopagoApiUrl });
  let payment;
  try {
    payment = await client.getPayment(paymentId);
  } catch (error) {
    if (error instanceof MercadoPagoError && error.status === 404) {
      deps.log.warn({ companyId, paymentId }, 'MercadoPago does not know this payment');
      return 'unknown_order';
    }
    throw error;
  }
  const order = payment.external_reference
    ? await findOrderByReference(deps.db, payment.external_reference)
    : null;
  if (!order || order.companyId !== companyId || order.provider !== 'mercadopago') {
    deps.log.warn(
      { companyId, paymentId, reference: payment.external_reference },
      'MercadoPago payment for no order of this company',
    );
    return 'unknown_order';
  }
  return applyPaymentOutcome(deps.db, deps.log, {
    provider: 'mercadopago',
    eventKey: `${payment.id}:${payment.status}`,
    eventType: `payment.${payment.status}`,
    order,
    verdict: mercadoPagoVerdict(payment.status),
    amountCents: decimalToCents(payment.transaction_amount),
    currency: payment.currency_id,
    providerPaymentId: String(payment.id),
  });
}

/**
 * POST /api/webhooks/mercadopago/:companyId. When the company set a webhook
 * secret the `x-signature` must match (400 otherwise, nothing written); in
 * every case the payment is read from MercadoPago with the company's token,
 * so a forged notification can at most make us ask.
 */
export async function handleMercadoPagoWebhook(
  deps: ConfirmationDeps,
  request: WebhookRequest,
): Promise<{ received: true; result: string }> {
  const companyId = request.params.companyId ?? '';
  let body: { type?: unknown; topic?: unknown; data?: { id?: unknown } } = {};
  if (request.rawBody.length > 0) {
    try {
      body = JSON.parse(request.rawBody.toString('utf8')) as typeof body;
    } catch {
      throw new AppError('VALIDATION_ERROR', 'El cuerpo del webhook no es JSON válido.', 400);
    }
    if (typeof body !== 'object' || body === null) body = {};
  }
  const query = request.query;
  const type = String(body.type ?? query.type ?? query.topic ?? '');
  const rawId = query['data.id'] ?? body.data?.id ?? query.id;
  const dataId = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : undefined;

  const method = await methodWithSecrets(deps.db, deps.secretBox, companyId, 'mercadopago');
  const secret = method?.secrets.webhookSecret;
  if (secret) {
    const header = request.headers['x-signature'];
    const requestId = request.headers['x-request-id'];
    const ok = verifyMercadoPagoSignature(secret, typeof header === 'string' ? header : undefined, {
      dataId: typeof query['data.id'] === 'string' ? query['data.id'] : dataId,
      requestId: typeof requestId === 'string' ? requestId : undefined,
    });
    if (!ok) throw INVALID_SIGNATURE();
  }
  if (!method) {
    deps.log.warn({ companyId }, 'MercadoPago webhook for a company without MercadoPago');
    return { received: true, result: 'unknown_company' };
  }
  if (type !== 'payment' || !dataId || !/^[\w-]{1,64}$/.test(dataId)) {
    return { received: true, result: 'ignored' };
  }
  const result = await confirmMercadoPagoPayment(deps, companyId, dataId);
  return { received: true, result };
}

function stripeVerdict(intent: Stripe.PaymentIntent): PaymentVerdict {
  return intent.status === 'succeeded' ? 'approved' : 'open';
}

async function applyStripeIntent(
  deps: ConfirmationDeps,
  order: OrderRow,
  intent: Stripe.PaymentIntent,
  verdict: PaymentVerdict,
  eventType: string,
): Promise<OutcomeResult> {
  return applyPaymentOutcome(deps.db, deps.log, {
    provider: 'stripe',
    eventKey: `${intent.id}:${verdict === 'refunded' ? 'refunded' : intent.status}`,
    eventType,
    order,
    verdict,
    amountCents:
      verdict === 'refunded' ? order.totalCents : intent.amount_received || intent.amount,
    currency: intent.currency,
    providerPaymentId: intent.id,
  });
}

/** The order a PaymentIntent pays: ours only if its metadata and company match. */
async function orderOfIntent(
  deps: ConfirmationDeps,
  companyId: string,
  intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>,
): Promise<OrderRow | null> {
  const orderId = intent.metadata?.order_id;
  const order = orderId ? await findOrder(deps.db, orderId) : null;
  if (!order || order.companyId !== companyId || order.provider !== 'stripe') return null;
  if (order.providerPaymentId && order.providerPaymentId !== intent.id) return null;
  return order;
}

/**
 * The buyer came back from Stripe: retrieve the PaymentIntent with the
 * company's key (never trusting the browser) and apply what it says.
 */
export async function confirmStripeReturn(
  deps: ConfirmationDeps,
  order: OrderRow,
  paymentIntentId: string,
): Promise<OutcomeResult | 'unknown_order'> {
  if (order.provider !== 'stripe' || order.providerPaymentId !== paymentIntentId) {
    return 'unknown_order';
  }
  const account = await companyStripe(deps, order.companyId);
  if (!account) return 'unknown_order';
  const intent = await account.stripe.paymentIntents.retrieve(paymentIntentId);
  const target = await orderOfIntent(deps, order.companyId, intent);
  if (!target || target.id !== order.id) return 'unknown_order';
  return applyStripeIntent(deps, target, intent, stripeVerdict(intent), 'return');
}

/**
 * POST /api/webhooks/stripe/:companyId, verified with the company's webhook
 * secret (300 s tolerance). A company without one cannot receive webhooks:
 * its card orders are confirmed when the buyer returns.
 */
export async function handleStripeWebhook(
  deps: ConfirmationDeps,
  request: WebhookRequest,
): Promise<{ received: true; result: string }> {
  const companyId = request.params.companyId ?? '';
  const account = await companyStripe(deps, companyId);
  const signature = request.headers['stripe-signature'];
  if (!account?.webhookSecret || typeof signature !== 'string') throw INVALID_SIGNATURE();
  let event: Stripe.Event;
  try {
    event = account.stripe.webhooks.constructEvent(
      request.rawBody,
      signature,
      account.webhookSecret,
      300,
    );
  } catch {
    throw INVALID_SIGNATURE();
  }

  let intent: Stripe.PaymentIntent | undefined;
  let verdict: PaymentVerdict = 'open';
  if (event.type === 'payment_intent.succeeded') {
    intent = event.data.object;
    verdict = 'approved';
  } else if (event.type === 'charge.refunded' || event.type === 'charge.dispute.created') {
    const object = event.data.object as Stripe.Charge | Stripe.Dispute;
    const fullyRefunded =
      event.type === 'charge.dispute.created' || (object as Stripe.Charge).refunded;
    const intentId =
      typeof object.payment_intent === 'string' ? object.payment_intent : object.payment_intent?.id;
    if (intentId && fullyRefunded) {
      intent = await account.stripe.paymentIntents.retrieve(intentId);
      verdict = 'refunded';
    }
  }
  if (!intent) return { received: true, result: 'ignored' };
  const order = await orderOfIntent(deps, companyId, intent);
  if (!order) {
    deps.log.warn({ companyId, intent: intent.id, event: event.id }, 'Stripe event for no order');
    return { received: true, result: 'unknown_order' };
  }
  return {
    received: true,
    result: await applyStripeIntent(deps, order, intent, verdict, event.type),
  };
}
