import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { argentineDay, shiftDay } from '@shared/time';
import type { Transaction } from '../client';
import {
  linkClickDaily,
  linkClickHourly,
  linkClicks,
} from '../../features/analytics/analytics.table';
import { linkOrderHourly, orders } from '../../features/orders/orders.table';
import { argentineDaySql } from '../../lib/sql-time';
import { insertChunks } from './volume-figures';
import { DAY, type VolumeRandom } from './volume-random';

/** Where a network's link clicks come from: mostly WhatsApp, as sellers share there. */
const CHANNELS: [string, number][] = [
  ['whatsapp', 0.6],
  ['instagram', 0.14],
  ['direct', 0.1],
  ['facebook', 0.07],
  ['qr', 0.05],
  ['share', 0.04],
];
const DEVICES = ['mobile', 'mobile', 'mobile', 'mobile', 'desktop', 'tablet'] as const;

function channelOf(random: VolumeRandom): string {
  let roll = random.next();
  for (const [channel, share] of CHANNELS) {
    roll -= share;
    if (roll <= 0) return channel;
  }
  return 'whatsapp';
}

type OrderRow = typeof orders.$inferInsert;
type ClickRow = typeof linkClicks.$inferInsert;

/**
 * About `perOrder` clicks on each order's link in the three days before it
 * (most people look and leave; some come back within half an hour, which is
 * the same visit), the order attributed to its buyer's last click (its
 * visitor hash and channel), as the pay page and the recorder would have.
 */
export function planClicks(
  orderRows: OrderRow[],
  perOrder: number,
  now: Date,
  random: VolumeRandom,
): ClickRow[] {
  const clicks: ClickRow[] = [];
  if (perOrder <= 0) return clicks;
  for (const order of orderRows) {
    const placed = (order.createdAt ?? now).getTime();
    const count = random.int(Math.max(1, Math.round(perOrder / 2)), Math.round(perOrder * 1.5));
    let last: ClickRow | undefined;
    for (let i = 0; i < count; i += 1) {
      const again = last !== undefined && random.next() < 0.25;
      const at = again
        ? new Date(last!.at.getTime() + random.int(1, 20) * 60_000)
        : new Date(placed - random.next() * 3 * DAY);
      if (at.getTime() > now.getTime()) continue;
      const click: ClickRow = {
        at,
        day: argentineDay(at),
        productId: order.productId!,
        companyId: order.companyId!,
        sellerId: order.sellerId ?? null,
        visitorHash: again ? last!.visitorHash : randomBytes(16).toString('base64url'),
        channel: again ? last!.channel : channelOf(random),
        device: random.pick(DEVICES),
        province: null,
        uniqueVisit: !again,
      };
      clicks.push(click);
      last = click;
    }
    // The buyer is the last visitor, a little before the order.
    const boughtAfter = new Date(placed - random.int(1, 25) * 60_000);
    const buyer: ClickRow = {
      at: boughtAfter,
      day: argentineDay(boughtAfter),
      productId: order.productId!,
      companyId: order.companyId!,
      sellerId: order.sellerId ?? null,
      visitorHash: randomBytes(16).toString('base64url'),
      channel: channelOf(random),
      device: random.pick(DEVICES),
      province: null,
      uniqueVisit: true,
    };
    clicks.push(buyer);
    order.visitorHash = buyer.visitorHash;
    order.linkSource = buyer.channel;
  }
  return clicks;
}

/** Writes the clicks and the daily summary the recorder would have kept with them. */
export async function insertClicks(tx: Transaction, clicks: ClickRow[]): Promise<void> {
  if (clicks.length === 0) return;
  await insertChunks(clicks, (chunk) => tx.insert(linkClicks).values(chunk), 4000);
  await tx.execute(sql`
    insert into ${linkClickDaily} (day, product_id, seller_key, channel, company_id, clicks, unique_visitors)
    select day, product_id, coalesce(seller_id, ''), channel, min(company_id), count(*)::int,
      (count(*) filter (where unique_visit))::int
    from ${linkClicks}
    group by day, product_id, coalesce(seller_id, ''), channel
    -- Day by day, as the recorder writes them (a day's rows stored together).
    order by day
    on conflict (day, product_id, seller_key, channel) do update
      set clicks = excluded.clicks, unique_visitors = excluded.unique_visitors`);
}

/**
 * The open days' (yesterday's and today's) clicks and link orders by the hour,
 * as the recorder and the orders service would have added them: each click
 * in its own hour, each order in the hour of its latest change.
 */
export async function insertOpenHours(
  tx: Transaction,
  companyIds: string[],
  now: Date,
): Promise<void> {
  const yesterday = shiftDay(argentineDay(now), -1);
  await tx.execute(sql`
    insert into ${linkClickHourly} (hour, day, product_id, seller_key, channel, clicks, unique_visitors)
    select date_trunc('hour', at), day, product_id, coalesce(seller_id, ''), channel, count(*)::int,
      (count(*) filter (where unique_visit))::int
    from ${linkClicks}
    where day >= ${yesterday}
    group by 1, 2, 3, 4, 5
    on conflict (hour, day, product_id, seller_key, channel) do update
      set clicks = excluded.clicks, unique_visitors = excluded.unique_visitors,
        revision = ${linkClickHourly.revision} + 1, written_by = pg_current_xact_id()`);
  const day = argentineDaySql(orders.createdAt);
  // Approved means approved or delivered now, as link-order-totals.ts counts them.
  const converts = sql`${orders.status} in ('approved', 'delivered')`;
  await tx.insert(linkOrderHourly).select(
    tx
      .select({
        hour: sql<Date>`date_trunc('hour', ${orders.updatedAt})`.as('hour'),
        day: sql<string>`${day}::date`.as('day'),
        productId: sql<string>`${orders.productId}`.as('product_id'),
        sellerKey: sql<string>`coalesce(${orders.sellerId}, '')`.as('seller_key'),
        channel: sql<string>`coalesce(${orders.linkSource}, 'direct')`.as('channel'),
        orders: sql<number>`count(*)::int`.as('orders'),
        approvedOrders: sql<number>`(count(*) filter (where ${converts}))::int`.as(
          'approved_orders',
        ),
        sellerCents:
          sql<number>`coalesce(sum(${orders.sellerCents}) filter (where ${converts}), 0)`.as(
            'seller_cents',
          ),
        commissionCents:
          sql<number>`coalesce(sum(${orders.sellerCents} + ${orders.platformCents}) filter (where ${converts}), 0)`.as(
            'commission_cents',
          ),
        revision: sql<number>`1`.as('revision'),
        writtenBy: sql<string>`pg_current_xact_id()`.as('written_by'),
      })
      .from(orders)
      .where(sql`${inArray(orders.companyId, companyIds)} and ${day}::date >= ${yesterday}`)
      .groupBy(sql`1, 2, 3, 4, 5`),
  );
}
