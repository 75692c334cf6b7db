import { and, eq } from 'drizzle-orm';
import { countsAsSale } from '@shared/order-status';
import type { RiskThresholds } from '../../config/env';
import type { OrderTransition, TransitionStep } from '../orders/order-workflow';
import { clawBackSellerCommission } from '../settlements/ledger.service';
import { refundRateStep } from './risk-signals';
import { riskEvents, riskFlags } from './risk.table';

/**
 * The order workflow's risk step (`OrderWorkflow.risk`), after the ledger's:
 * an order named by a confirmed fraud of its seller that becomes a sale again
 * gives the seller nothing (its commission is clawed back at once, in the
 * change's transaction); a refund may raise the refund-rate signal.
 */
export function riskStep(
  thresholds: RiskThresholds,
  onError: (error: unknown) => void,
): TransitionStep {
  const refunds = refundRateStep(thresholds, onError);
  return async (change) => {
    await clawBackConfirmedFraud(change);
    await refunds(change);
  };
}

async function clawBackConfirmedFraud({ tx, order, previous, at }: OrderTransition) {
  const sellerId = order.sellerId;
  if (!sellerId || !countsAsSale(order.status) || countsAsSale(previous)) return;
  const [named] = await tx
    .select({ id: riskEvents.id })
    .from(riskEvents)
    .innerJoin(riskFlags, eq(riskFlags.id, riskEvents.flagId))
    .where(
      and(
        eq(riskEvents.orderId, order.id),
        eq(riskFlags.sellerId, sellerId),
        eq(riskFlags.status, 'confirmed'),
      ),
    )
    .limit(1);
  if (!named) return;
  await clawBackSellerCommission(tx, { sellerId, orderIds: [order.id], at: at ?? new Date() });
}
