import { randomBytes } from 'node:crypto';
import { and, between, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { argentineDay, argentineTime, shiftDay } from '@shared/time';
import {
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { argentineDaySql } from '../../lib/sql-time';
import { orders } from '../orders/orders.table';
import { linkClickHourly, linkClicks } from './analytics.table';
import { analyticsReport, ReportMemory } from './analytics.service';
import { writeClicks, type ClickInput } from './click-recorder';

/** A small deterministic random source, so that a failure can be replayed. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

const CHANNELS = ['whatsapp', 'instagram', 'direct', 'qr', 'facebook'];

describe('the platform’s report read by the hour equals a recount of its clicks and orders', () => {
  let t: TestApp;
  const worlds: PayWorld[] = [];
  // Two days ago, 22:35 in Argentina: the run crosses midnight and several hours.
  const firstDay = shiftDay(argentineDay(new Date()), -2);
  let clock = argentineTime(firstDay, '22:35');

  beforeAll(async () => {
    // Only Date is faked: every clock the app reads (the click writer's, the orders'), not timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(clock);
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    worlds.push(await createPayWorld(t), await createPayWorld(t));
  });
  afterAll(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  /** The period's figures counted from the clicks and the orders themselves. */
  async function recount(from: string, to: string) {
    const [clicks] = await t.db
      .select({
        clicks: count(),
        unique: sql<number>`(count(*) filter (where ${linkClicks.uniqueVisit}))::int`,
      })
      .from(linkClicks)
      .where(between(linkClicks.day, from, to));
    const day = argentineDaySql(orders.createdAt);
    const [placed] = await t.db
      .select({
        orders: count(),
        approved: sql<number>`(count(*) filter (where ${inArray(orders.status, ['approved', 'delivered'])}))::int`,
      })
      .from(orders)
      .where(and(eq(orders.channel, 'link'), sql`${day} between ${from} and ${to}`));
    return {
      clicks: clicks!.clicks,
      unique_visitors: clicks!.unique,
      orders: placed!.orders,
      approved_orders: placed!.approved,
    };
  }

  it('after every step of random clicks, orders and status changes, across hours and midnight', async () => {
    const random = randomSource(20_261_128);
    const memory = new ReportMemory();
    const placedOrders: string[] = [];
    const approved: string[] = [];
    let junk = 0;
    for (let step = 0; step < 24; step += 1) {
      clock = new Date(clock.getTime() + random.int(4, 38) * 60_000);
      vi.setSystemTime(clock);
      const clicks: ClickInput[] = Array.from({ length: random.int(1, 6) }, () => {
        const world = random.pick(worlds);
        // Now and then a late click of the day before (written after it ended), or a junk
        // channel word: the seller's day keeps 20 named channels and sums the rest as `otros`.
        const late = random.next() < 0.1;
        return {
          at: new Date(clock.getTime() - (late ? 86_400_000 : random.int(0, 30_000))),
          productId: world.productId,
          ref: random.next() < 0.8 ? world.ref : null,
          visitorHash: randomBytes(8).toString('hex'),
          channel: random.next() < 0.2 ? `palabra${(junk += 1)}` : random.pick(CHANNELS),
          device: 'mobile',
          province: null,
          sessionToken: null,
        };
      });
      await writeClicks(t.db, clicks, () => new Date());
      if (random.next() < 0.5) placedOrders.push(await placeTransferOrder(t, random.pick(worlds)));
      const waiting = placedOrders.filter((id) => !approved.includes(id));
      if (waiting.length > 0 && random.next() < 0.5) {
        const id = random.pick(waiting);
        await moveOrder(t, id, 'approved');
        approved.push(id);
      }
      if (approved.length > 0 && random.next() < 0.15) {
        const id = approved.splice(random.int(0, approved.length - 1), 1)[0]!;
        await moveOrder(t, id, 'refunded');
      }

      const now = new Date();
      const query = { from: shiftDay(firstDay, -1) };
      const scope = { kind: 'platform' } as const;
      const kept = await analyticsReport(t.db, scope, query, { now, memory });
      const computed = await analyticsReport(t.db, scope, query, { now });
      expect(kept, `step ${step} at ${now.toISOString()}`).toEqual(computed);
      const counted = await recount(kept.from, kept.to);
      expect({
        clicks: kept.clicks,
        unique_visitors: kept.unique_visitors,
        orders: kept.orders,
        approved_orders: kept.approved_orders,
      }).toEqual(counted);
    }
    // The run went past midnight and read the open days by the hour.
    expect(argentineDay(clock) > firstDay).toBe(true);
    const [hours] = await t.db
      .select({ hours: sql<number>`count(distinct ${linkClickHourly.hour})::int` })
      .from(linkClickHourly);
    expect(hours!.hours).toBeGreaterThan(3);
  });
});
