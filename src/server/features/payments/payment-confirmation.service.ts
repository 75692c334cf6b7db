import type { FastifyBaseLogger } from 'fastify';
import type { PayConfig } from '../../config/env';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { OrderWorkflow } from '../orders/order-workflow';
import { findOrder, findOrderByReference, type LinkOrderRow } from '../orders/orders.service';
import { applyPaymentOutcome, type OutcomeResult } from './payment-outcome.service';
import { methodWithSecrets } from './payment-methods.service';
import {
  paymentProvider,
  type PaymentProviderId,
  type PaymentReading,
  type ProviderConnection,
  type ProviderContext,
} from './providers';
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

/**
 * Applies a payment, as its gateway answered it, to the company's order it
 * names: only an order of this company, made with this gateway (and, named by
 * id, started with this payment or none), and `only` when given. The
 * amount/currency guard and the event's idempotency are applyPaymentOutcome's.
 */
export async function settle(
  deps: ConfirmationDeps,
  provider: Exclude<PaymentProviderId, 'transferencia'>,
  companyId: string,
  reading: PaymentReading,
  only?: LinkOrderRow,
): Promise<OutcomeResult | 'unknown_order'> {
  const named = reading.order;
  const order = !named
    ? null
    : 'id' in named
      ? await findOrder(deps.db, named.id)
      : await findOrderByReference(deps.db, named.reference);
  const ours =
    order &&
    order.companyId === companyId &&
    order.provider === provider &&
    !(
      named &&
      'id' in named &&
      order.providerPaymentId &&
      order.providerPaymentId !== reading.paymentId
    ) &&
    (!only || order.id === only.id);
  if (!ours) {
    deps.log.warn(
      { companyId, provider, paymentId: reading.paymentId, order: named },
      'payment for no order of this company',
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
  return settle(deps, order.provider, order.companyId, reading, order);
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
  return { received: true, result: await settle(deps, provider, companyId, verified.reading) };
}
