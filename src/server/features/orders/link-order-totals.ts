import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/order-status';
import { argentineDay, shiftDay } from '@shared/time';
import type { Transaction } from '../../db/client';
import { rowChanged } from '../../db/row-changes';
import { linkOrderDaily, linkOrderHourly, linkOrderVersions } from './orders.table';

/** A payment-link order as the funnel counts it: its link, its click's channel, its day and commission. */
export interface TalliedLinkOrder {
  companyId: string;
  productId: string | null;
  sellerId: string | null;
  /** The channel of the click it came from; null: `direct`. */
  linkSource: string | null;
  createdAt: Date;
  sellerCents: number;
  platformCents: number;
}

/** Approved means approved or delivered now: a refunded sale no longer converts. */
const converts = (status: OrderStatus) => status === 'approved' || status === 'delivered';

function keyOf(order: TalliedLinkOrder) {
  // The orders table's CHECK: a company's order is a payment link's, with its product.
  if (!order.productId) throw new Error('a link order without a product');
  return {
    companyId: order.companyId,
    day: argentineDay(order.createdAt),
    productId: order.productId,
    sellerKey: order.sellerId ?? '',
    channel: order.linkSource ?? 'direct',
  };
}

/**
 * Adding an order in `status` to its link's row of `link_order_daily`, as a
 * data-modifying CTE for orders-totals.ts to run with the company's totals
 * (one statement of the transaction that writes the order or its status), so
 * the rows always equal a sum over the orders.
 */
export function linkOrderCountedIn(tx: Transaction, order: TalliedLinkOrder, status: OrderStatus) {
  const approved = converts(status);
  return tx.$with('link_order_day').as(
    tx
      .insert(linkOrderDaily)
      .values({
        ...keyOf(order),
        orders: 1,
        approvedOrders: approved ? 1 : 0,
        sellerCents: approved ? order.sellerCents : 0,
        commissionCents: approved ? order.sellerCents + order.platformCents : 0,
      })
      .onConflictDoUpdate({
        target: [
          linkOrderDaily.companyId,
          linkOrderDaily.day,
          linkOrderDaily.productId,
          linkOrderDaily.sellerKey,
          linkOrderDaily.channel,
        ],
        set: {
          orders: sql`${linkOrderDaily.orders} + excluded.orders`,
          approvedOrders: sql`${linkOrderDaily.approvedOrders} + excluded.approved_orders`,
          sellerCents: sql`${linkOrderDaily.sellerCents} + excluded.seller_cents`,
          commissionCents: sql`${linkOrderDaily.commissionCents} + excluded.commission_cents`,
        },
      })
      .returning({ orders: linkOrderDaily.orders }),
  );
}

/**
 * Taking an order in `status` out of its link's row (it was counted there
 * when it entered that status, so the row exists), as a data-modifying CTE;
 * the caller checks it updated one row.
 */
export function linkOrderTakenOutOf(tx: Transaction, order: TalliedLinkOrder, status: OrderStatus) {
  const approved = converts(status);
  const key = keyOf(order);
  return tx.$with('link_order_day').as(
    tx
      .update(linkOrderDaily)
      .set({
        orders: sql`${linkOrderDaily.orders} - 1`,
        ...(approved
          ? {
              approvedOrders: sql`${linkOrderDaily.approvedOrders} - 1`,
              sellerCents: sql`${linkOrderDaily.sellerCents} - ${order.sellerCents}`,
              commissionCents: sql`${linkOrderDaily.commissionCents} - ${order.sellerCents + order.platformCents}`,
            }
          : {}),
      })
      .where(
        and(
          eq(linkOrderDaily.companyId, key.companyId),
          eq(linkOrderDaily.productId, key.productId),
          eq(linkOrderDaily.sellerKey, key.sellerKey),
          eq(linkOrderDaily.channel, key.channel),
          eq(linkOrderDaily.day, key.day),
        ),
      )
      .returning({ orders: linkOrderDaily.orders }),
  );
}

/** The hour a moment falls in (Argentine hours are UTC hours: the offset is whole hours). */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);

/**
 * Adding (sign 1) or taking away (sign −1) an order in `status` to what the
 * hour of `now` added to its link's daily row, as a data-modifying CTE of
 * the statement that changes that row: the platform's report keeps the sums
 * of hours that are over and reads the hour under way. Null for an order
 * placed before yesterday (its day is no longer read by the hour).
 */
export function linkOrderHourAdded(
  tx: Transaction,
  order: TalliedLinkOrder,
  status: OrderStatus,
  sign: 1 | -1,
  now: Date,
) {
  const key = keyOf(order);
  if (key.day < shiftDay(argentineDay(now), -1)) return null;
  const approved = converts(status) ? sign : 0;
  return tx.$with('link_order_hour').as(
    tx
      .insert(linkOrderHourly)
      .values({
        hour: hourOf(now),
        day: key.day,
        productId: key.productId,
        sellerKey: key.sellerKey,
        channel: key.channel,
        orders: sign,
        approvedOrders: approved,
        sellerCents: approved * order.sellerCents,
        commissionCents: approved * (order.sellerCents + order.platformCents),
      })
      .onConflictDoUpdate({
        target: [
          linkOrderHourly.hour,
          linkOrderHourly.day,
          linkOrderHourly.productId,
          linkOrderHourly.sellerKey,
          linkOrderHourly.channel,
        ],
        set: {
          orders: sql`${linkOrderHourly.orders} + excluded.orders`,
          approvedOrders: sql`${linkOrderHourly.approvedOrders} + excluded.approved_orders`,
          sellerCents: sql`${linkOrderHourly.sellerCents} + excluded.seller_cents`,
          commissionCents: sql`${linkOrderHourly.commissionCents} + excluded.commission_cents`,
          ...rowChanged(linkOrderHourly),
        },
      })
      .returning({ orders: linkOrderHourly.orders }),
  );
}

/** The upsert that adds one to the versions of these days (distinct, in order). */
const versionsBumped = (tx: Transaction, days: string[]) =>
  tx
    .insert(linkOrderVersions)
    .values(days.map((day) => ({ day, version: 1 })))
    .onConflictDoUpdate({
      target: linkOrderVersions.day,
      set: { version: sql`${linkOrderVersions.version} + 1` },
    });

/**
 * Bumping the version of the day an order was placed on, when this change
 * moves that day's approved figures after the day is over (an order entering
 * or leaving approved or delivered), as a data-modifying CTE of the same
 * statement: a report that kept the day's sums sees the version move in the
 * snapshot that shows the change. Null for an order placed today (no report
 * keeps today) and for other statuses (the order leaves one and enters
 * another in one transaction, so the day's order count stays).
 */
export function linkOrderVersionBumped(
  tx: Transaction,
  order: TalliedLinkOrder,
  status: OrderStatus,
  now: Date,
) {
  const day = argentineDay(order.createdAt);
  if (!converts(status) || day >= argentineDay(now)) return null;
  return tx
    .$with('link_order_version')
    .as(versionsBumped(tx, [day]).returning({ version: linkOrderVersions.version }));
}

/**
 * For the click writer: bumping the versions of days that are over which a
 * batch of clicks adds to (late clicks: written after their day ended, as at
 * midnight or when the database was away for a while), in the batch's own
 * transaction, so a report that kept those days' sums reads them again.
 * Days in order, so that writers take the rows' locks in the same order.
 */
export async function bumpLinkFunnelDays(tx: Transaction, days: string[]): Promise<void> {
  const distinct = [...new Set(days)].sort();
  if (distinct.length > 0) await versionsBumped(tx, distinct);
}
