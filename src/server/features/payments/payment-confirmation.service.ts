import type { FastifyBaseLogger } from 'fastify';
import type { PayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { OrderWorkflow } from '../orders/order-workflow';
import { findScopedOrder } from '../orders/orders-query.service';
import {
  findOrder,
  findOrderByReference,
  type LinkOrderRow,
  type OrderRow,
} from '../orders/orders.service';
import { applyPaymentOutcome, type OutcomeResult } from './payment-outcome.service';
import { methodWithSecrets } from './payment-methods.service';
import {
  paymentProvider,
  type PaymentProviderId,
  type PaymentReading,
  type ProviderConnection,
  type ProviderContext,
} from './providers';
import { readPlatformEvent, type StripeAccount } from './providers/stripe';
import type { WebhookRequest } from './webhook-route';

export interface ConfirmationDeps {
  db: Database;
  orderWorkflow: OrderWorkflow;
  secretBox: SecretBox;
  pay: PayConfig;
  log: FastifyBaseLogger;
}

/** A company's account at a gateway, from its method (active or not); null when it has none usable. */
export async function connectCompany(
  context: ProviderContext,
  provider: PaymentProviderId,
  companyId: string,
): Promise<ProviderConnection | null> {
  const method = await methodWithSecrets(context.db, context.secretBox, companyId, provider);
  return method ? paymentProvider(provider).connect(context, method) : null;
}

/** What settling a payment needs: the database, the order workflow and a log. */
export type SettleDeps = Pick<ConfirmationDeps, 'db' | 'orderWorkflow' | 'log'>;

/** Whose account took a payment: a company's (its payment links) or the platform's (the storefront). */
export type PaymentOwner = { kind: 'company'; id: string } | { kind: 'store' };

/** The order a reading names, when it is this owner's order made with this gateway. */
async function orderOf(
  deps: SettleDeps,
  provider: Exclude<PaymentProviderId, 'transferencia'>,
  owner: PaymentOwner,
  reading: PaymentReading,
): Promise<OrderRow | null> {
  const named = reading.order;
  if (!named) return null;
  if (owner.kind === 'store') {
    // Only the session the storefront order was sent to can pay it.
    const order = 'id' in named ? await findScopedOrder(deps.db, owner, named.id) : null;
    return order?.provider === provider && order.providerPaymentId === reading.paymentId
      ? order
      : null;
  }
  const order =
    'id' in named
      ? await findOrder(deps.db, named.id)
      : await findOrderByReference(deps.db, named.reference);
  const ours =
    order &&
    order.companyId === owner.id &&
    order.provider === provider &&
    // Named by id, the order was started with this payment or none.
    !('id' in named && order.providerPaymentId && order.providerPaymentId !== reading.paymentId);
  return ours ? order : null;
}

/**
 * The one settle path of every gateway's outcome, for both channels: a
 * payment, as its gateway answered it, is applied to the order it names, only
 * an order of this owner made with this gateway (and `only` when given). The
 * amount/currency guard and the event's idempotency are applyPaymentOutcome's.
 */
export async function settle(
  deps: SettleDeps,
  provider: Exclude<PaymentProviderId, 'transferencia'>,
  owner: PaymentOwner,
  reading: PaymentReading,
  only?: OrderRow,
): Promise<OutcomeResult | 'unknown_order'> {
  const order = await orderOf(deps, provider, owner, reading);
  if (!order || (only && order.id !== only.id)) {
    deps.log.warn(
      { owner, provider, paymentId: reading.paymentId, order: reading.order },
      'payment for no order of this account',
    );
    return 'unknown_order';
  }
  return applyPaymentOutcome(deps.db, deps.orderWorkflow, deps.log, {
    provider,
    eventKey: reading.eventKey,
    eventType: reading.eventType,
    order,
    verdict: reading.verdict,
    amountCents: reading.amountCents ?? order.totalCents,
    currency: reading.currency,
    providerPaymentId: reading.paymentId,
    applicationFeeCents: reading.applicationFeeCents ?? null,
  });
}

/**
 * The buyer came back from the gateway with a payment id: read it back with
 * the company's credentials (never trusting the browser) and apply it to this
 * order. Nothing is asked when the gateway has no payments to read back, or
 * the id cannot be this order's.
 */
export async function confirmReturn(
  deps: ConfirmationDeps,
  order: LinkOrderRow,
  returned: { paymentIntent?: string | undefined; paymentId?: string | undefined },
): Promise<OutcomeResult | 'unknown_order' | 'not_asked'> {
  if (order.provider === 'transferencia') return 'not_asked';
  const paymentId = paymentProvider(order.provider).returnedPaymentId?.(order, returned);
  if (!paymentId) return 'not_asked';
  const connection = await connectCompany(deps, order.provider, order.companyId);
  const reading = await connection?.readPayment?.(paymentId);
  if (!reading) return 'unknown_order';
  return settle(deps, order.provider, { kind: 'company', id: order.companyId }, reading, order);
}

/**
 * POST /api/webhooks/{provider}/:companyId: the adapter verifies the
 * signature (400 for a bad one, nothing written) and reads back the payment
 * the event names; it is applied here, once.
 */
export async function handleProviderWebhook(
  deps: ConfirmationDeps,
  provider: Exclude<PaymentProviderId, 'transferencia'>,
  request: WebhookRequest,
): Promise<{ received: true; result: string }> {
  const companyId = request.params.companyId ?? '';
  const verify = paymentProvider(provider).webhook;
  if (!verify) return { received: true, result: 'ignored' };
  const verified = await verify(deps, companyId, request);
  if ('result' in verified) return { received: true, result: verified.result };
  const owner = { kind: 'company' as const, id: companyId };
  return { received: true, result: await settle(deps, provider, owner, verified.reading) };
}

/**
 * POST /api/webhooks/stripe: the platform account's events (the storefront's
 * Checkout Sessions), verified and read back by the Stripe adapter, applied
 * through the same settle path.
 */
export async function handlePlatformStripeWebhook(
  deps: SettleDeps,
  account: StripeAccount,
  request: WebhookRequest,
): Promise<{ received: true; result: string }> {
  const verified = await readPlatformEvent(account, request);
  if ('result' in verified) return { received: true, result: verified.result };
  const result = await settle(deps, 'stripe', { kind: 'store' }, verified.reading);
  return { received: true, result };
}
