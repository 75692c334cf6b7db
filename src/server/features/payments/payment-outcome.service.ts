import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import type { Database } from '../../db/client';
import {
  transactionWithWorkflow,
  transitionOrder,
  type OrderWorkflow,
} from '../orders/order-workflow';
import { UNPAID_STATUSES, type OrderStatus } from '@shared/order-status';
import type { Scope } from '../../lib/scope';
import { SYSTEM, type OrderRow } from '../orders/orders.service';
import { recordPaymentEvent } from './payment-events.service';

/** What a provider, asked by the server, says about a payment. */
export type PaymentVerdict = 'approved' | 'refunded' | 'open';

export interface PaymentOutcome {
  provider: Exclude<PaymentProvider, 'transferencia'>;
  /** One fact about one payment ("pi_123:succeeded"): applied at most once. */
  eventKey: string;
  eventType: string;
  /** Any order: a payment link's (a company's gateway) or the storefront's (the platform's). */
  order: OrderRow;
  verdict: PaymentVerdict;
  amountCents: number;
  currency: string;
  providerPaymentId: string;
  /** What the platform kept at the source (a connected account's payment); null or absent when none. */
  applicationFeeCents?: number | null;
}

/**
 * Whether an approved payment split itself as the order asks: the platform
 * kept exactly the order's commission (collected at the source), kept
 * nothing (the company owes it, as for any other payment), or something else
 * (not applied: neither the ledger nor the company could say who holds what).
 */
export function splitOf(
  fee: number | null | undefined,
  order: { sellerCents: number; platformCents: number },
): 'collected' | 'owed' | 'mismatch' {
  if (!fee) return 'owed';
  return fee === order.sellerCents + order.platformCents ? 'collected' : 'mismatch';
}

/**
 * The one amount/currency guard for every gateway (payment links and the
 * storefront): a payment pays an order only for exactly its total, in its
 * currency. Amounts are integer cents; currencies compare case-insensitively.
 */
export function paidAsOrdered(
  paid: { amountCents: number | null | undefined; currency: string | null | undefined },
  order: { totalCents: number; currency: string },
): boolean {
  return (
    paid.amountCents === order.totalCents &&
    typeof paid.currency === 'string' &&
    paid.currency.toLowerCase() === order.currency.toLowerCase()
  );
}

/**
 * The statuses a payment approves an order from: a payment that arrives after
 * the order expired (or, for a cart, was cancelled) still approves it when
 * its units are there.
 */
const APPROVABLE: Record<OrderRow['channel'], readonly OrderStatus[]> = {
  link: ['pending_payment', 'expired'],
  store: [...UNPAID_STATUSES, 'expired', 'cancelled'],
};

/** Whose order it is, for the one status change: its company's, or the storefront's. */
const scopeOf = (order: OrderRow): Scope =>
  order.channel === 'link' && order.companyId
    ? { kind: 'company', id: order.companyId }
    : { kind: 'store' };

export type OutcomeResult = 'applied' | 'duplicate' | 'mismatch' | 'no_change' | 'no_stock';

/**
 * Applies what the provider said, once: the fact is recorded in
 * payment_events in the same transaction as the status change it causes, so
 * a repeated or concurrent delivery meets the unique index and changes
 * nothing. A payment whose amount or currency differs from the order's never
 * approves it.
 */
export async function applyPaymentOutcome(
  db: Database,
  workflow: OrderWorkflow,
  log: FastifyBaseLogger,
  outcome: PaymentOutcome,
): Promise<OutcomeResult> {
  const { order } = outcome;
  return transactionWithWorkflow(db, workflow, async (tx, inner) => {
    const fresh = await recordPaymentEvent(tx, {
      provider: outcome.provider,
      eventId: outcome.eventKey,
      type: outcome.eventType,
      orderId: order.id,
    });
    if (!fresh) return 'duplicate';
    if (outcome.verdict === 'open') return 'no_change';

    if (!paidAsOrdered(outcome, order)) {
      log.warn(
        {
          orderId: order.id,
          provider: outcome.provider,
          amountCents: outcome.amountCents,
          currency: outcome.currency,
          expectedCents: order.totalCents,
        },
        'payment amount or currency does not match its order: not applied',
      );
      return 'mismatch';
    }

    const split = order.channel === 'link' ? splitOf(outcome.applicationFeeCents, order) : null;
    if (outcome.verdict === 'approved' && split === 'mismatch') {
      log.warn(
        {
          orderId: order.id,
          provider: outcome.provider,
          feeCents: outcome.applicationFeeCents,
          expectedFeeCents: order.sellerCents + order.platformCents,
        },
        "payment kept a fee other than the order's commission: not applied",
      );
      return 'mismatch';
    }

    const scope = scopeOf(order);
    const result =
      outcome.verdict === 'approved'
        ? await transitionOrder(tx, inner, {
            orderId: order.id,
            scope,
            to: 'approved',
            from: APPROVABLE[order.channel],
            changedBy: SYSTEM,
            providerPaymentId: outcome.providerPaymentId,
            ...(split ? { collectedAtSource: split === 'collected' } : {}),
          })
        : await transitionOrder(tx, inner, {
            orderId: order.id,
            scope,
            to: 'refunded',
            from: ['pending_payment', 'approved', 'delivered', 'expired'],
            changedBy: SYSTEM,
            providerPaymentId: outcome.providerPaymentId,
          });
    if (result.kind === 'no_stock') {
      log.error(
        { orderId: order.id, provider: outcome.provider, paymentId: outcome.providerPaymentId },
        'payment arrived after the order expired and its units are sold: refund the buyer',
      );
      return 'no_stock';
    }
    return result.kind === 'changed' ? 'applied' : 'no_change';
  });
}
