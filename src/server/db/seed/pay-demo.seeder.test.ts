import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shared/orders/orders.schema';
import type {
  AdminPayouts,
  SellerPayouts,
  Statement,
  StatementList,
} from '@shared/settlements/settlements.schema';
import type { AnalyticsReport } from '@shared/analytics/analytics.schema';
import { argentineDay } from '@shared/time';
import { signIn } from '../../../../tests/factories/accounts';
import { sellerTally } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from '../../features/accounts/demo-accounts.seeder';
import { findUserByEmail } from '../../features/auth/users.service';
import { sellerTallyFromOrders } from '../../features/orders/orders.service';
import { emailOutbox } from '../../features/notifications/notifications.table';
import { products } from '../../features/products/products.table';
import { DEMO_SELLER_CBU, payDemoSeeder } from './pay-demo.seeder';

const demo = (role: 'company' | 'seller' | 'admin') =>
  DEMO_ACCOUNTS.find((account) => account.role === role)!;

/**
 * A fresh `npm start` (the development defaults: a 14-day hold, the usual
 * payout minimum): every panel screen has something to show, and its figures
 * agree with each other.
 */
describe('demo business', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const get = async <T>(role: 'company' | 'seller' | 'admin', url: string): Promise<T> => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { origin: t.config.appUrl, cookie: cookies[role]! },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  beforeAll(async () => {
    t = await createTestApp();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await demoAccountsSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
    await payDemoSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
    // A second start adds nothing.
    await payDemoSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
    for (const role of ['company', 'seller', 'admin'] as const) {
      cookies[role] = await signIn(t.app, demo(role).email, demo(role).password);
    }
  }, 120_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('gives the company products with pictures and months of orders in every status, once', async () => {
    const rows = await t.db.select().from(products);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.images.length === 1)).toBe(true);
    const orders = await get<{ items: Order[]; total: number }>(
      'company',
      '/api/company/orders?page_size=100',
    );
    expect(orders.total).toBe(28);
    expect(new Set(orders.items.map((order) => order.status))).toEqual(
      new Set([
        'approved',
        'delivered',
        'refunded',
        'expired',
        'pending_payment',
        'pending_transfer',
      ]),
    );
    // One refund after its commission was paid out, one within the hold.
    expect(orders.items.filter((order) => order.status === 'refunded')).toHaveLength(2);
    const months = new Set(
      orders.items.map((order) => argentineDay(new Date(order.created_at)).slice(0, 7)),
    );
    expect(months.size).toBeGreaterThanOrEqual(3);
    const seller = await findUserByEmail(t.db, demo('seller').email);
    const tally = await sellerTally(t, seller!.id);
    expect(tally.sales).toBeGreaterThan(0);
    expect(tally).toEqual(await sellerTallyFromOrders(t.db, seller!.id));
  });

  it('Liquidaciones: a month the company paid, one it did not, and each sale dated the day it was placed', async () => {
    const list = await get<StatementList>('company', '/api/company/settlements');
    const closed = list.months.filter((month) => month.closed);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    // Paid: everything owed through the month was paid by its end.
    expect(closed.some((month) => month.paid_cents > 0 && month.closing_cents === 0)).toBe(true);
    // Unpaid: a closed month whose commissions nobody paid.
    expect(
      closed.some(
        (month) => month.owed_cents > 0 && month.paid_cents === 0 && month.closing_cents > 0,
      ),
    ).toBe(true);
    expect(list.balance_cents).toBeGreaterThan(0);

    const orders = await get<{ items: Order[] }>('company', '/api/company/orders?page_size=100');
    const placedOn = new Map(
      orders.items.map((order) => [order.id, argentineDay(new Date(order.created_at))]),
    );
    let sales = 0;
    for (const month of list.months) {
      const statement = await get<Statement>('company', `/api/company/settlements/${month.month}`);
      for (const line of statement.lines.filter((each) => each.kind === 'accrual')) {
        expect(argentineDay(new Date(line.at)), line.reference).toBe(placedOn.get(line.order_id));
        sales += 1;
      }
    }
    expect(sales).toBeGreaterThan(10);
  });

  it('Pagos a vendedores: the seller, with a valid CBU, has commissions past the hold; a batch was paid', async () => {
    const payouts = await get<AdminPayouts>('admin', '/api/admin/payouts');
    expect(payouts.hold_days).toBe(14);
    expect(payouts.sellers).toEqual([
      expect.objectContaining({
        name: demo('seller').name,
        blocked_reason: null,
        destination: expect.objectContaining({ label: expect.stringContaining(DEMO_SELLER_CBU) }),
      }),
    ]);
    expect(payouts.sellers[0]!.available_cents).toBeGreaterThanOrEqual(payouts.minimum_cents);
    expect(payouts.batches).toEqual([expect.objectContaining({ status: 'paid', payouts: 1 })]);
  });

  it('Mis Cobros: a payout made, then a refund of a sale it paid, taken from the next payout', async () => {
    const mine = await get<SellerPayouts>('seller', '/api/seller/payouts');
    expect(mine.items).toEqual([expect.objectContaining({ status: 'paid' })]);
    expect(mine.paid_cents).toBe(mine.items[0]!.amount_cents);
    expect(mine.pending_cents).toBeGreaterThan(0);

    // The clawback: the refunded sale was in the paid batch, and its commission comes off what is due now.
    const company = await get<StatementList>('company', '/api/company/settlements');
    const refunds: Statement['lines'] = [];
    for (const month of company.months) {
      const statement = await get<Statement>('company', `/api/company/settlements/${month.month}`);
      refunds.push(...statement.lines.filter((line) => line.kind === 'reversal'));
    }
    const batch = mine.items[0]!;
    const clawback = refunds.find(
      (line) =>
        line.seller_name === demo('seller').name && new Date(line.at) > new Date(batch.paid_at!),
    );
    expect(clawback?.seller_cents).toBeLessThan(0);
    const payouts = await get<AdminPayouts>('admin', '/api/admin/payouts');
    expect(mine.available_cents).toBe(payouts.sellers[0]!.available_cents);
  });

  it('Metas: a goal missed, goals reached and this month under way', async () => {
    const goals = await get<{ items: { month: string; reached: boolean; sales: number }[] }>(
      'seller',
      '/api/seller/goals',
    );
    expect(goals.items).toHaveLength(4);
    const [current, ...past] = goals.items;
    expect(current!.month).toBe(argentineDay(new Date()).slice(0, 7));
    expect(current!.reached).toBe(false);
    expect(past.map((goal) => goal.reached)).toEqual([true, true, false]);
  });

  it("the seller's home and the audit log have something to show", async () => {
    const dashboard = await get<{
      recent_activity: unknown[];
      commissions_cents: number;
      goal: { target_sales: number } | null;
    }>('seller', '/api/seller/dashboard');
    expect(dashboard.recent_activity).toHaveLength(5);
    expect(dashboard.goal?.target_sales).toBe(6);
    expect(dashboard.commissions_cents).toBeGreaterThan(0);
    const audit = await get<{ items: { action: string }[] }>('admin', '/api/admin/audit');
    expect(new Set(audit.items.map((entry) => entry.action))).toEqual(
      new Set([
        // The demo company gave its tax data.
        'company.tax_data_changed',
        'settlement.company_payment',
        'settlement.payout_batch',
        'settlement.payout_paid',
      ]),
    );
  });

  it('the bell shows each event at its own time: only the last two days are unread, and only they sent e-mails', async () => {
    const now = Date.now();
    const twoDays = 48 * 3_600_000;
    for (const role of ['company', 'seller'] as const) {
      const bell = await get<{
        items: { created_at: string; read: boolean }[];
        unread: number;
      }>(role, '/api/notifications');
      expect(bell.items.length).toBeGreaterThan(0);
      for (const item of bell.items) {
        const age = now - new Date(item.created_at).getTime();
        if (!item.read) expect(age).toBeLessThanOrEqual(twoDays + 60_000);
        else expect(age).toBeGreaterThan(twoDays - 60_000);
      }
      // Events of weeks ago are dated then, not at the seed.
      expect(bell.items.some((item) => now - new Date(item.created_at).getTime() > twoDays)).toBe(
        true,
      );
      expect(bell.unread).toBeLessThan(bell.items.length);
    }
    // E-mails only about what happened in the last two days: the orders they name are that recent.
    const mail = await t.db.select().from(emailOutbox);
    expect(mail.length).toBeGreaterThan(0);
    const orders = await get<{ items: Order[] }>('admin', '/api/admin/orders?page_size=100');
    const placedAt = new Map(orders.items.map((order) => [order.id, order.created_at]));
    for (const message of mail) {
      const orderId = (message.payload as { orderId?: string }).orderId;
      if (!orderId) continue;
      expect(now - new Date(placedAt.get(orderId)!).getTime()).toBeLessThanOrEqual(twoDays * 2);
    }
  });

  it("the dashboards' 30 days have sales on several days, whatever day of the month it is", async () => {
    for (const role of ['company', 'admin'] as const) {
      const dashboard = await get<{ daily_sales: { date: string; orders: number }[] }>(
        role,
        `/api/${role}/dashboard`,
      );
      expect(dashboard.daily_sales.filter((day) => day.orders > 0).length).toBeGreaterThanOrEqual(
        3,
      );
    }
  });

  it('Estadísticas: the demo seller’s links had visits before their sales, each sale attributed to one', async () => {
    const today = argentineDay(new Date());
    const from = argentineDay(new Date(Date.now() - 120 * 86_400_000));
    const report = await get<AnalyticsReport>(
      'seller',
      `/api/seller/analytics?from=${from}&to=${today}`,
    );
    expect(report.orders).toBeGreaterThan(0);
    expect(report.clicks).toBeGreaterThan(report.orders * 2);
    expect(report.unique_visitors).toBeLessThanOrEqual(report.clicks);
    expect(report.by_channel[0]!.channel).toBe('whatsapp');
    // Every order came through a channel with clicks.
    for (const row of report.by_channel) {
      if (row.orders > 0) expect(row.clicks).toBeGreaterThan(0);
    }
  });
});
