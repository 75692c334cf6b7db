import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { argentineMonth, sellerMonthTotals } from '../orders/orders-metrics.service';
import type { OrderRow } from '../orders/orders.service';
import { sellerGoals } from './goals.table';

/**
 * Whether this order, just approved, is the one that made its seller reach the
 * goal of the month it was placed in: reached with it, not reached without it.
 * Read inside the approval's transaction, so it is said once.
 */
export async function goalReachedBy(
  tx: Transaction,
  order: Pick<OrderRow, 'sellerId' | 'sellerCents' | 'createdAt'>,
): Promise<{ month: string } | null> {
  if (!order.sellerId) return null;
  const month = argentineMonth(order.createdAt);
  const [goal] = await tx
    .select()
    .from(sellerGoals)
    .where(and(eq(sellerGoals.sellerId, order.sellerId), eq(sellerGoals.month, month)));
  if (!goal || (goal.targetSales == null && goal.targetCommissionCents == null)) return null;
  const now = await sellerMonthTotals(tx, order.sellerId, month);
  const reached = (sales: number, commission: number) =>
    (goal.targetSales == null || sales >= goal.targetSales) &&
    (goal.targetCommissionCents == null || commission >= goal.targetCommissionCents);
  return reached(now.sales, now.commissionCents) &&
    !reached(now.sales - 1, now.commissionCents - order.sellerCents)
    ? { month }
    : null;
}
