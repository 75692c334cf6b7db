import { and, eq } from 'drizzle-orm';
import { SELLER_MESSAGES, type PutGoalBody } from '@shared/seller/seller.schema';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
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

/**
 * Sets a seller's goal for this month or a later one (a past month is
 * refused); `now` is the seller's today (the demo history passes its own).
 */
export async function setSellerGoal(
  db: Database,
  sellerId: string,
  goal: PutGoalBody,
  now = new Date(),
): Promise<typeof sellerGoals.$inferSelect> {
  if (goal.month < argentineMonth(now)) {
    throw AppError.validation(SELLER_MESSAGES.goalPastMonth, {
      month: SELLER_MESSAGES.goalPastMonth,
    });
  }
  const values = {
    targetSales: goal.target_sales ?? null,
    targetCommissionCents: goal.target_commission_cents ?? null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(sellerGoals)
    .values({ sellerId, month: goal.month, ...values })
    .onConflictDoUpdate({ target: [sellerGoals.sellerId, sellerGoals.month], set: values })
    .returning();
  return row!;
}
