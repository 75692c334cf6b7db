import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { argentineDaySql } from '../../lib/sql-time';
import { linkOrderDaily, orders } from '../orders/orders.table';
import { analyticsReport } from './analytics.service';

describe('link_order_daily: the analytics funnel’s orders, kept with every order', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    world = await createPayWorld(t);
  });
  afterAll(() => t?.close());

  /** The summary's rows, and the same sums made from the orders themselves. */
  async function summaryAndOrders() {
    const converts = sql`${orders.status} in ('approved', 'delivered')`;
    const [kept, counted] = await Promise.all([
      t.db
        .select({
          companyId: linkOrderDaily.companyId,
          day: sql<string>`${linkOrderDaily.day}::text`,
          productId: linkOrderDaily.productId,
          sellerKey: linkOrderDaily.sellerKey,
          channel: linkOrderDaily.channel,
          orders: linkOrderDaily.orders,
          approved: linkOrderDaily.approvedOrders,
          sellerCents: sql<number>`${linkOrderDaily.sellerCents}::int`,
          commissionCents: sql<number>`${linkOrderDaily.commissionCents}::int`,
        })
        .from(linkOrderDaily)
        .orderBy(sql`1, 2, 3, 4, 5`),
      t.db.execute(sql`
        select company_id as "companyId",
          ${argentineDaySql(orders.createdAt)} as day,
          product_id as "productId", coalesce(seller_id, '') as "sellerKey",
          coalesce(link_source, 'direct') as channel, count(*)::int as orders,
          (count(*) filter (where ${converts}))::int as approved,
          coalesce(sum(seller_cents) filter (where ${converts}), 0)::int as "sellerCents",
          coalesce(sum(seller_cents + platform_cents) filter (where ${converts}), 0)::int as "commissionCents"
        from ${orders} where channel = 'link'
        group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
    ]);
    return { kept, counted: (counted as unknown as { rows: unknown[] }).rows };
  }

  async function expectSummaryEqualsOrders() {
    const { kept, counted } = await summaryAndOrders();
    expect(kept).toEqual(counted);
  }

  it('equals a sum over the orders after each order is placed and after every status change', async () => {
    const first = await placeTransferOrder(t, world);
    const second = await placeTransferOrder(t, world);
    const third = await placeTransferOrder(t, world);
    await expectSummaryEqualsOrders();
    const { kept } = await summaryAndOrders();
    expect(kept).toEqual([
      expect.objectContaining({
        productId: world.productId,
        sellerKey: world.seller.id,
        orders: 3,
        approved: 0,
      }),
    ]);

    // Approved, delivered, refunded; approved; expired: each step leaves the sums exact.
    for (const [orderId, to] of [
      [first, 'approved'],
      [first, 'delivered'],
      [second, 'approved'],
      [third, 'expired'],
      [first, 'refunded'],
    ] as const) {
      await moveOrder(t, orderId, to);
      await expectSummaryEqualsOrders();
    }
    const [row] = (await summaryAndOrders()).kept;
    expect(row).toMatchObject({
      orders: 3,
      approved: 1,
      sellerCents: 75_000,
      commissionCents: 100_000,
    });
  });

  it('gives each actor’s report the orders, approved orders and commission Pedidos has', async () => {
    const w = await createPayWorld(t);
    const sold = await placeTransferOrder(t, w);
    await placeTransferOrder(t, w);
    const confirmed = await callAs(
      t,
      w.company,
      'POST',
      `/api/company/orders/${sold}/confirm-transfer`,
    );
    expect(confirmed.statusCode).toBe(200);
    const company = await analyticsReport(t.db, { kind: 'company', id: w.company.id }, {});
    expect(company).toMatchObject({ orders: 2, approved_orders: 1, commission_cents: 100_000 });
    expect(company.by_product).toEqual([
      expect.objectContaining({ product_id: w.productId, orders: 2, approved_orders: 1 }),
    ]);
    expect(company.by_seller).toEqual([
      expect.objectContaining({ seller_id: w.seller.id, name: 'Sergio Vendedor', orders: 2 }),
    ]);
    const seller = await analyticsReport(t.db, { kind: 'seller', id: w.seller.id }, {});
    expect(seller).toMatchObject({ orders: 2, approved_orders: 1, commission_cents: 75_000 });

    // A refund takes the sale out of the report at once (the service computes; the route may reuse).
    await moveOrder(t, sold, 'refunded');
    const after = await analyticsReport(t.db, { kind: 'company', id: w.company.id }, {});
    expect(after).toMatchObject({ orders: 2, approved_orders: 0, commission_cents: 0 });
    await expectSummaryEqualsOrders();
  });
});
