import { and, desc, eq } from 'drizzle-orm';
import { SELLER_MESSAGES, type Goal, type PutGoalBody } from '@shared/seller/seller.schema';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { argentineMonth } from '@shared/time';
import { sellerMonthTotals } from '../orders/orders-metrics.service';
import type { OrderRow } from '../orders/orders.service';
import { sellerGoals } from './goals.table';

type GoalRow = typeof sellerGoals.$inferSelect;
type GoalTargets = Pick<GoalRow, 'targetSales' | 'targetCommissionCents'>;

/**
 * THE goal-reached rule: a month's sold orders (approved and delivered) reach
 * its goal when they meet every target it sets (a target left empty is met).
 */
export function goalReached(
  goal: GoalTargets,
  sold: { sales: number; commissionCents: number },
): boolean {
  return (
    (goal.targetSales == null || sold.sales >= goal.targetSales) &&
    (goal.targetCommissionCents == null || sold.commissionCents >= goal.targetCommissionCents)
  );
}

/** A goal with its progress: the seller's sold orders of that month. */
export async function goalWithProgress(
  db: Database,
  sellerId: string,
  goal: Pick<GoalRow, 'month'> & GoalTargets,
): Promise<Goal> {
  const sold = await sellerMonthTotals(db, sellerId, goal.month);
  return {
    month: goal.month,
    target_sales: goal.targetSales,
    target_commission_cents: goal.targetCommissionCents,
    sales: sold.sales,
    commission_cents: sold.commissionCents,
    reached: goalReached(goal, sold),
  };
}

/** This month's goal (in Argentina) with its progress, or null when the seller set none. */
export async function currentGoal(db: Database, sellerId: string): Promise<Goal | null> {
  const month = argentineMonth(new Date());
  const [goal] = await db
    .select()
    .from(sellerGoals)
    .where(and(eq(sellerGoals.sellerId, sellerId), eq(sellerGoals.month, month)));
  return goal ? goalWithProgress(db, sellerId, goal) : null;
}

/** The seller's goals, the most recent first (two years at most), each with its result. */
export async function sellerGoalsWithProgress(db: Database, sellerId: string): Promise<Goal[]> {
  const goals = await db
    .select()
    .from(sellerGoals)
    .where(eq(sellerGoals.sellerId, sellerId))
    .orderBy(desc(sellerGoals.month))
    .limit(24);
  return Promise.all(goals.map((goal) => goalWithProgress(db, sellerId, goal)));
}

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
  const sold = await sellerMonthTotals(tx, order.sellerId, month);
  const without = {
    sales: sold.sales - 1,
    commissionCents: sold.commissionCents - order.sellerCents,
  };
  return goalReached(goal, sold) && !goalReached(goal, without) ? { month } : null;
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
): Promise<GoalRow> {
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
