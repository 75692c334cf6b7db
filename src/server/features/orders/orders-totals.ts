import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { OrderStatus } from '@shared/order-status';
import { argentineDay } from '@shared/time';
import type { Transaction } from '../../db/client';
import {
  linkOrderCountedIn,
  linkOrderHourAdded,
  linkOrderTakenOutOf,
  linkOrderVersionBumped,
} from './link-order-totals';
import { orderDailyTotals, orderTotals, type OrderRow } from './orders.table';

/** Calendar days are Argentine days (src/shared/time.ts). */

/** What the totals and the link funnel's summary need of an order. */
type TotalledOrder = Pick<
  OrderRow,
  | 'companyId'
  | 'createdAt'
  | 'totalCents'
  | 'companyCents'
  | 'sellerCents'
  | 'platformCents'
  | 'productId'
  | 'sellerId'
  | 'linkSource'
>;

/**
 * Adds an order to (sign 1) or takes it out of (sign −1) the totals of a
 * status, per company and per day it was placed on, and its link's row of
 * `link_order_daily` (the analytics funnel's orders). Called by the
 * orders service in the transaction that creates the order or changes its
 * status, so the totals always equal a sum over the orders themselves.
 */
export async function countOrderIn(
  tx: Transaction,
  order: TotalledOrder,
  status: OrderStatus,
  sign: 1 | -1,
): Promise<void> {
  // A storefront order has no company: it is the platform's own shop, outside these totals.
  if (!order.companyId) return;
  const companyId = order.companyId;
  const day = argentineDay(order.createdAt);
  // The three rows in one statement (one round trip while the company's rows are locked).
  if (sign === -1) {
    // An order leaving a status was counted in it: its rows exist (and a CHECK
    // would refuse a negative proposed row before any ON CONFLICT is seen).
    const minus = (column: AnyPgColumn, cents: number) => sql`${column} - ${cents}`;
    const total = tx.$with('company_total').as(
      tx
        .update(orderTotals)
        .set({
          orders: sql`${orderTotals.orders} - 1`,
          totalCents: minus(orderTotals.totalCents, order.totalCents),
          companyCents: minus(orderTotals.companyCents, order.companyCents),
          sellerCents: minus(orderTotals.sellerCents, order.sellerCents),
          platformCents: minus(orderTotals.platformCents, order.platformCents),
        })
        .where(and(eq(orderTotals.companyId, companyId), eq(orderTotals.status, status)))
        .returning({ orders: orderTotals.orders }),
    );
    const now = new Date();
    const link = linkOrderTakenOutOf(tx, { ...order, companyId }, status);
    const hour = linkOrderHourAdded(tx, { ...order, companyId }, status, -1, now);
    const version = linkOrderVersionBumped(tx, { ...order, companyId }, status, now);
    const [daily] = await tx
      .with(total, link, ...(hour ? [hour] : []), ...(version ? [version] : []))
      .update(orderDailyTotals)
      .set({
        orders: sql`${orderDailyTotals.orders} - 1`,
        totalCents: minus(orderDailyTotals.totalCents, order.totalCents),
        companyCents: minus(orderDailyTotals.companyCents, order.companyCents),
        sellerCents: minus(orderDailyTotals.sellerCents, order.sellerCents),
        platformCents: minus(orderDailyTotals.platformCents, order.platformCents),
      })
      .where(
        and(
          eq(orderDailyTotals.companyId, companyId),
          eq(orderDailyTotals.day, day),
          eq(orderDailyTotals.status, status),
        ),
      )
      .returning({
        companyRows: sql<number>`(select count(*) from company_total)::int`,
        linkRows: sql<number>`(select count(*) from link_order_day)::int`,
      });
    if (!daily || daily.companyRows !== 1 || daily.linkRows !== 1) {
      throw new Error(`order totals missing for ${companyId} ${status}`);
    }
    return;
  }
  const counted = orderCountedIn(tx, { ...order, companyId }, status);
  // The writes run as CTEs of one statement; what it selects is not needed.
  await tx
    .with(...counted)
    .select({ orders: counted[0].orders })
    .from(counted[0]);
}

/** A company's order (a storefront order has no company and no totals). */
type CountedOrder = Omit<TotalledOrder, 'companyId'> & { companyId: string };

/**
 * Adding an order to a status's totals, as data-modifying CTEs (the
 * company's row, its day's row, its link's row of `link_order_daily` and,
 * for an order placed before today, its day's version when it converts)
 * for the caller to run with another statement of the same transaction:
 * `tx.with(...orderCountedIn(…))`. PostgreSQL runs a data-modifying CTE
 * once, whether or not the statement reads it.
 */
export function orderCountedIn(tx: Transaction, order: CountedOrder, status: OrderStatus) {
  const values = {
    companyId: order.companyId,
    status,
    orders: 1,
    totalCents: order.totalCents,
    companyCents: order.companyCents,
    sellerCents: order.sellerCents,
    platformCents: order.platformCents,
  };
  const companyTotal = tx.$with('company_total').as(
    tx
      .insert(orderTotals)
      .values(values)
      .onConflictDoUpdate({
        target: [orderTotals.companyId, orderTotals.status],
        set: {
          orders: sql`${orderTotals.orders} + excluded.orders`,
          totalCents: sql`${orderTotals.totalCents} + excluded.total_cents`,
          companyCents: sql`${orderTotals.companyCents} + excluded.company_cents`,
          sellerCents: sql`${orderTotals.sellerCents} + excluded.seller_cents`,
          platformCents: sql`${orderTotals.platformCents} + excluded.platform_cents`,
        },
      })
      .returning({ orders: orderTotals.orders }),
  );
  const companyDay = tx.$with('company_day').as(
    tx
      .insert(orderDailyTotals)
      .values({ ...values, day: argentineDay(order.createdAt) })
      .onConflictDoUpdate({
        target: [orderDailyTotals.companyId, orderDailyTotals.day, orderDailyTotals.status],
        set: {
          orders: sql`${orderDailyTotals.orders} + excluded.orders`,
          totalCents: sql`${orderDailyTotals.totalCents} + excluded.total_cents`,
          companyCents: sql`${orderDailyTotals.companyCents} + excluded.company_cents`,
          sellerCents: sql`${orderDailyTotals.sellerCents} + excluded.seller_cents`,
          platformCents: sql`${orderDailyTotals.platformCents} + excluded.platform_cents`,
        },
      })
      .returning({ orders: orderDailyTotals.orders }),
  );
  const now = new Date();
  const hour = linkOrderHourAdded(tx, order, status, 1, now);
  const version = linkOrderVersionBumped(tx, order, status, now);
  return [
    companyTotal,
    companyDay,
    linkOrderCountedIn(tx, order, status),
    ...(hour ? [hour] : []),
    ...(version ? [version] : []),
  ] as const;
}
