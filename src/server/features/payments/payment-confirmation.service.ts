import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { PayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { OrderWorkflow } from '../orders/order-workflow';
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
import { WEBHOOK_TOLERANCE_SECONDS, type WebhookRequest } from './webhook-route';

export interface ConfirmationDeps {
  db: Database;
  orderWorkflow: OrderWorkflow;
  secretBox: SecretBox;
  pay: PayConfig;
  log: FastifyBaseLogger;
}

const INVALID_SIGNATURE = () =>
  new AppError('INVALID_SIGNATURE', 'La firma del webhook no es válida.', 400);
const EXPIRED_SIGNATURE = () =>
  new AppError(
    'INVALID_SIGNATURE',
    `La firma del webhook está vencida: su hora difiere de la nuestra en más de ${WEBHOOK_TOLERANCE_SECONDS} segundos.`,
    400,
  );
/** The provider could not be asked: a 5xx, so the provider delivers the webhook again later. */
const PROVIDER_UNREACHABLE = (provider: string) =>
  new AppError(
    'PROVIDER_UNAVAILABLE',
    `No pudimos confirmar el pago con ${provider}; se reintentará.`,
    502,
  );

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
  return applyPaymentOutcome(deps.db, deps.orderWorkflow, deps.log, {
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
    const check = verifyMercadoPagoSignature(
      secret,
      typeof header === 'string' ? header : undefined,
      {
        dataId: typeof query['data.id'] === 'string' ? query['data.id'] : dataId,
        requestId: typeof requestId === 'string' ? requestId : undefined,
      },
      { toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS },
    );
    if (check === 'expired') throw EXPIRED_SIGNATURE();
    if (check !== 'valid') throw INVALID_SIGNATURE();
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

const idOf = (value: string | { id: string } | null): string | undefined =>
  typeof value === 'string' ? value : value?.id;

function isStripeNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { statusCode?: number }).statusCode === 404
  );
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
  return applyPaymentOutcome(deps.db, deps.orderWorkflow, deps.log, {
    provider: 'stripe',
    eventKey: `${intent.id}:${verdict === 'refunded' ? 'refunded' : intent.status}`,
    eventType,
    order,
    verdict,
    // What Stripe says it received approves the order, never the amount asked for.
    amountCents: verdict === 'refunded' ? order.totalCents : intent.amount_received,
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
 * secret (300 s tolerance). The event only says which payment to look at: the
 * PaymentIntent (and for a refund its charge, for a chargeback its dispute) is
 * retrieved with the company's key and only Stripe's answer approves or
 * refunds. A company without a webhook secret cannot receive webhooks: its
 * card orders are confirmed when the buyer returns.
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
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw INVALID_SIGNATURE();
  }

  // The event names a payment; what happened to it is read back from Stripe with the
  // company's key, so an event that does not match Stripe's records changes nothing.
  let intent: Stripe.PaymentIntent | undefined;
  let verdict: PaymentVerdict = 'open';
  const named = (event.data.object as { id?: unknown }).id;
  if (typeof named !== 'string' || !/^\w{1,255}$/.test(named)) {
    return { received: true, result: 'ignored' };
  }
  try {
    if (event.type === 'payment_intent.succeeded') {
      intent = await account.stripe.paymentIntents.retrieve(named);
      verdict = stripeVerdict(intent);
    } else if (event.type === 'charge.refunded') {
      const charge = await account.stripe.charges.retrieve(named);
      const intentId = idOf(charge.payment_intent);
      if (charge.refunded && intentId) {
        intent = await account.stripe.paymentIntents.retrieve(intentId);
        verdict = 'refunded';
      }
    } else if (event.type === 'charge.dispute.created') {
      const dispute = await account.stripe.disputes.retrieve(named);
      const intentId = idOf(dispute.payment_intent);
      if (intentId) {
        intent = await account.stripe.paymentIntents.retrieve(intentId);
        verdict = 'refunded';
      }
    }
  } catch (error) {
    if (isStripeNotFound(error)) {
      deps.log.warn({ companyId, event: event.id }, 'Stripe does not know what this event names');
      return { received: true, result: 'unknown_order' };
    }
    deps.log.error({ err: error, companyId, event: event.id }, 'Stripe could not be asked');
    throw PROVIDER_UNREACHABLE('Stripe');
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
