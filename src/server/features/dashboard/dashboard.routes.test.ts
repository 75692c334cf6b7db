import { randomUUID } from 'node:crypto';
import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_STATUSES, type OrderStatus } from '@shared/order-status';
import { AdminDashboardFigures } from '@shared/orders/dashboard.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  approvedSale,
  callAs,
  createPayWorld,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { platformRevenue } from './platform-figures';

/** A storefront order as the store writes it: the platform's own sale, no company or seller. */
function storeOrder(totalCents: number, status: OrderStatus, currency = 'ars') {
  return {
    channel: 'store' as const,
    productTitle: 'Lámpara de escritorio (Roble)',
    quantity: 1,
    commissionBps: 0,
    totalCents,
    companyCents: 0,
    sellerCents: 0,
    platformCents: totalCents,
    currency,
    status,
    externalReference: `VM-TEST-${randomUUID()}`,
    buyerTokenHash: randomUUID(),
  };
}

describe('panel homes: GET /api/admin/dashboard and /api/company/dashboard (API.md)', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    admin = await createUser(t.app, { role: 'admin', name: 'Alicia Admin' });
    world = await createPayWorld(t);
    await approvedSale(t, world);
    await approvedSale(t, world);
    // Waiting for its transfer: not a sale.
    await placeTransferOrder(t, world);
    await t.db
      .insert(orders)
      .values([
        storeOrder(1_250_000, 'approved'),
        storeOrder(399_900, 'delivered'),
        storeOrder(800_000, 'reserved'),
        storeOrder(150_000, 'refunded'),
        storeOrder(4_999, 'approved', 'eur'),
        storeOrder(2_500, 'delivered', 'eur'),
        storeOrder(10_000, 'approved', 'usd'),
      ]);
  });
  afterAll(() => t.close());

  const dashboard = async (user: CreatedUser, role: 'admin' | 'company') => {
    const response = await callAs(t, user, 'GET', `/api/${role}/dashboard`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** A recount over the orders themselves: approved and delivered, per channel and currency. */
  async function recount() {
    const rows = await t.db
      .select({
        channel: orders.channel,
        currency: orders.currency,
        orders: sql<number>`count(*)::int`,
        revenue: sql<number>`sum(${orders.totalCents})::float8`,
        profit: sql<number>`sum(${orders.platformCents})::float8`,
      })
      .from(orders)
      .where(and(inArray(orders.status, [...SALE_STATUSES])))
      .groupBy(orders.channel, orders.currency);
    const of = (channel: string, currency: string) => {
      const row = rows.find((r) => r.channel === channel && r.currency === currency);
      return {
        orders: row?.orders ?? 0,
        revenue_cents: row?.revenue ?? 0,
        profit_cents: row?.profit ?? 0,
      };
    };
    return { of, rows };
  }

  it('counts every approved and delivered order of both channels in the revenue and profit, split by channel', async () => {
    const figures = await dashboard(admin, 'admin');
    expect(AdminDashboardFigures.safeParse(figures).success).toBe(true);
    const { of } = await recount();
    const link = of('link', 'ars');
    const store = of('store', 'ars');
    expect(link.orders).toBe(2);
    expect(store).toEqual({ orders: 2, revenue_cents: 1_649_900, profit_cents: 1_649_900 });
    expect(figures.by_channel).toEqual({ link, store });
    // What a person adding up Pedidos (both channels, in pesos) gets, to the cent.
    expect(figures.total_revenue_cents).toBe(link.revenue_cents + store.revenue_cents);
    expect(figures.platform_profit_cents).toBe(link.profit_cents + store.profit_cents);
    // Every sale was made today: the chart's today holds both channels' pesos, as the totals.
    expect(figures.daily_sales.at(-1)).toEqual({
      date: expect.any(String),
      orders: link.orders + store.orders,
      total_cents: figures.total_revenue_cents,
      platform_cents: figures.platform_profit_cents,
    });
  });

  it('lists sales in other currencies apart, never added to the pesos', async () => {
    const figures = await dashboard(admin, 'admin');
    expect(figures.other_currencies).toEqual([
      { currency: 'eur', orders: 2, revenue_cents: 7_499, profit_cents: 7_499 },
      { currency: 'usd', orders: 1, revenue_cents: 10_000, profit_cents: 10_000 },
    ]);
  });

  it('gives a company its own income and orders only, whatever the storefront sells', async () => {
    const figures = await dashboard(world.company, 'company');
    const { of } = await recount();
    expect(figures).toMatchObject({
      total_income_cents: 2 * 1_000_000,
      completed_orders: 2,
      pending_orders: 1,
    });
    expect(of('link', 'ars').revenue_cents).toBeGreaterThan(figures.total_income_cents);
    expect(figures.recent_orders).toHaveLength(3);
    expect(figures.daily_sales.at(-1)).toMatchObject({ orders: 2 });
    expect(figures).not.toHaveProperty('by_channel');
  });

  it("refuses the admin's home to a company and a seller", async () => {
    for (const user of [world.company, world.seller]) {
      expect((await callAs(t, user, 'GET', '/api/admin/dashboard')).statusCode).toBe(403);
    }
  });
});

describe('platformRevenue: the admin’s revenue from the payment links’ and the storefront’s sums', () => {
  const sums = (count: number, totalCents: number, platformCents: number) => ({
    count,
    totalCents,
    companyCents: 0,
    sellerCents: 0,
    platformCents,
  });

  it('adds the storefront’s pesos to the links’ and keeps other currencies apart, sorted', () => {
    const revenue = platformRevenue(
      sums(3, 3_300_001, 75_003),
      new Map([
        ['usd', sums(1, 500, 500)],
        ['ars', sums(2, 20_002, 20_002)],
        ['eur', sums(4, 9_999, 9_999)],
      ]),
    );
    expect(revenue).toEqual({
      total_revenue_cents: 3_320_003,
      platform_profit_cents: 95_005,
      by_channel: {
        link: { orders: 3, revenue_cents: 3_300_001, profit_cents: 75_003 },
        store: { orders: 2, revenue_cents: 20_002, profit_cents: 20_002 },
      },
      other_currencies: [
        { currency: 'eur', orders: 4, revenue_cents: 9_999, profit_cents: 9_999 },
        { currency: 'usd', orders: 1, revenue_cents: 500, profit_cents: 500 },
      ],
    });
  });

  it('answers zeros for a platform without sales', () => {
    expect(platformRevenue(sums(0, 0, 0), new Map())).toEqual({
      total_revenue_cents: 0,
      platform_profit_cents: 0,
      by_channel: {
        link: { orders: 0, revenue_cents: 0, profit_cents: 0 },
        store: { orders: 0, revenue_cents: 0, profit_cents: 0 },
      },
      other_currencies: [],
    });
  });
});
