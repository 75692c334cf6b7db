import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { analyticsReport } from '../../features/analytics/analytics.service';
import { linkClickDaily, linkClicks } from '../../features/analytics/analytics.table';
import { orders } from '../../features/orders/orders.table';
import { seedVolume } from './volume';

describe('seed:volume makes link clicks the analytics read like the recorder’s', () => {
  let t: TestApp;
  let made: Awaited<ReturnType<typeof seedVolume>>;

  beforeAll(async () => {
    t = await createTestApp();
    made = await seedVolume(t.db, {
      orders: 300,
      companies: 3,
      sellers: 20,
      products: 30,
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
});
