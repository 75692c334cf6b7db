import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argentineDay } from '@shared/time';
import { moveOrder } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  analyticsReport,
  ReportMemory,
  type AnalyticsScope,
} from '../../features/analytics/analytics.service';
import { linkClickDaily, linkClicks } from '../../features/analytics/analytics.table';
import { writeClicks, type ClickInput } from '../../features/analytics/click-recorder';
import { orders } from '../../features/orders/orders.table';
import { seedVolume } from './volume';

/** A phone's click on the company's own link of a product, at a given time. */
const lateClick = (productId: string, at: Date): ClickInput => ({
  at,
  productId,
  ref: null,
  visitorHash: 'b'.repeat(64),
  channel: 'whatsapp',
  device: 'mobile',
  province: null,
  sessionToken: null,
});

describe('seed:volume makes link clicks the analytics read like the recorder’s', () => {
  let t: TestApp;
  let made: Awaited<ReturnType<typeof seedVolume>>;

  beforeAll(async () => {
    t = await createTestApp();
    made = await seedVolume(t.db, {
      orders: 300,
      companies: 3,
      // More products and sellers than a report lists (50), so the lists are the top ones.
      sellers: 300,
      products: 120,
      password: 'volumen-de-prueba-2026',
      clicksPerOrder: 10,
      seed: 7,
    });
  });
  afterAll(() => t?.close());

  it('writes about the clicks asked for, the daily summary equal to them, and attributes every order', async () => {
    const [written] = await t.db.select({ n: count() }).from(linkClicks);
    expect(written!.n).toBe(made.clicks);
    expect(made.clicks).toBeGreaterThan(300 * 5);
    const [summary] = await t.db
      .select({
        clicks: sql<number>`sum(${linkClickDaily.clicks})::int`,
        unique: sql<number>`sum(${linkClickDaily.uniqueVisitors})::int`,
      })
      .from(linkClickDaily);
    const [uniques] = await t.db
      .select({ n: count() })
      .from(linkClicks)
      .where(eq(linkClicks.uniqueVisit, true));
    expect(summary).toEqual({ clicks: made.clicks, unique: uniques!.n });
    const [unattributed] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(isNull(orders.linkSource));
    expect(unattributed!.n).toBe(0);
  });

  it('answers the platform’s funnel with the clicks of the period and every link order in it', async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const report = await analyticsReport(t.db, { kind: 'platform' }, { from, to });
    const [inPeriod] = await t.db
      .select({ n: count() })
      .from(linkClicks)
      .where(sql`${linkClicks.day} between ${from} and ${to}`);
    expect(report.clicks).toBe(inPeriod!.n);
    expect(report.by_channel[0]!.channel).toBe('whatsapp');
    expect(report.by_channel.reduce((sum, row) => sum + row.clicks, 0)).toBe(report.clicks);
    expect(report.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(report.orders);
  });

  it('answers the same from an instance’s memory of closed days, with a past order’s change and a new click at once', async () => {
    const [busiest] = await t.db
      .select({ companyId: orders.companyId })
      .from(orders)
      .groupBy(orders.companyId)
      .orderBy(desc(count()))
      .limit(1);
    const company = { kind: 'company' as const, id: busiest!.companyId! };
    const period = {
      from: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
    };
    // An approved order through a seller's link, placed on a closed day (a week ago or more).
    const [old] = await t.db
      .select({ id: orders.id, sellerId: orders.sellerId })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, company.id),
          inArray(orders.status, ['approved', 'delivered']),
          eq(orders.channel, 'link'),
          sql`${orders.sellerId} is not null`,
          lt(orders.createdAt, new Date(Date.now() - 7 * 86_400_000)),
          sql`${orders.createdAt} > now() - interval '80 days'`,
        ),
      )
      .limit(1);
    const seller = { kind: 'seller' as const, id: old!.sellerId! };
    const platform = { kind: 'platform' as const };
    // One memory, as an instance has: it keeps each scope's closed days apart.
    const memory = new ReportMemory();
    const each = async (scope: AnalyticsScope) => {
      const computed = await analyticsReport(t.db, scope, period);
      const kept = await analyticsReport(t.db, scope, period, { memory });
      expect(kept).toEqual(computed);
      return kept;
    };
    const both = () => each(company);
    const before = await both();
    expect(before.clicks).toBeGreaterThan(0);
    expect(before.approved_orders).toBeGreaterThan(0);
    const [sellerBefore, platformBefore] = [await each(seller), await each(platform)];
    expect(platformBefore.by_product).toHaveLength(50);
    expect(platformBefore.by_seller).toHaveLength(50);

    // The old order is refunded: its sale leaves every funnel at once, though its day is kept.
    await moveOrder(t, old!.id, 'refunded');
    const refunded = await both();
    expect(refunded.approved_orders).toBe(before.approved_orders - 1);
    expect((await each(seller)).approved_orders).toBe(sellerBefore.approved_orders - 1);
    expect((await each(platform)).approved_orders).toBe(platformBefore.approved_orders - 1);

    // A click on one of the company's links today shows in the next report.
    const [product] = await t.db
      .select({ id: orders.productId })
      .from(orders)
      .where(eq(orders.companyId, company.id))
      .limit(1);
    t.app.linkAnalytics.recorder.record({
      at: new Date(),
      productId: product!.id!,
      ref: null,
      visitorHash: 'a'.repeat(64),
      channel: 'qr',
      device: 'mobile',
      province: null,
      sessionToken: null,
    });
    await t.app.linkAnalytics.recorder.flush();
    const clicked = await both();
    expect(clicked.clicks).toBe(refunded.clicks + 1);

    // A late click of yesterday's (written today, as after midnight or once the database is
    // back): yesterday's sums are kept, and the click's batch bumps the day's version.
    const yesterday = new Date(Date.now() - 86_400_000);
    expect(await writeClicks(t.db, [lateClick(product!.id!, yesterday)])).toBe(1);
    const late = await both();
    expect(late.clicks).toBe(clicked.clicks + 1);
    const day = late.daily.find((row) => row.day === argentineDay(yesterday));
    expect(day!.clicks).toBe(clicked.daily.find((row) => row.day === day!.day)!.clicks + 1);
    expect((await each(platform)).clicks).toBe(platformBefore.clicks + 2);
  });
});
