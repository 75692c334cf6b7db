import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ORDER_MESSAGES } from '@shared/admin/admin.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { orders, orderStatusHistory } from '../orders/orders.table';
import {
  buy,
  companyCall,
  createPayWorld,
  sellerTally,
  type PayWorld,
} from '../../../../tests/factories/pay-world';

describe('oversight: /api/admin and the company dashboard', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let world: PayWorld;
  let other: PayWorld;
  const orderIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    admin = await createUser(t.app, { role: 'admin', name: 'Alicia Admin' });
    world = await createPayWorld(t);
    other = await createPayWorld(t);
    for (let i = 0; i < 3; i += 1) {
      const response = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
      orderIds.push(response.json().order_id);
    }
    await buy(t, other.productId, { provider: 'transferencia', ref: other.ref });
    await companyCall(t, world.company, 'POST', `/orders/${orderIds[0]}/confirm-transfer`);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PATCH', url: string, payload?: unknown, user = admin) =>
    t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { origin: t.config.appUrl, cookie: user.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('the admin dashboard sums approved and delivered orders: revenue and platform profit', async () => {
    const response = await call('GET', '/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total_revenue_cents: 1_100_000,
      platform_profit_cents: 25_000,
      companies: 2,
      sellers: 2,
    });
    expect(response.json().recent_orders).toHaveLength(4);
    const days = response.json().daily_sales;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({
      orders: 1,
      total_cents: 1_100_000,
      platform_cents: 25_000,
    });

    // The platform-wide sums are reused for a few seconds, but a change made here shows at once.
    const pending = response
      .json()
      .recent_orders.find(
        (order: { status: string }) => order.status !== 'approved' && order.status !== 'delivered',
      );
    expect((await call('PATCH', `/orders/${pending.id}`, { status: 'approved' })).statusCode).toBe(
      200,
    );
    const after = (await call('GET', '/dashboard')).json();
    expect(after.total_revenue_cents).toBe(1_100_000 + pending.total_cents);
    expect(
      (
        await call('PATCH', `/orders/${pending.id}`, {
          status: pending.status === 'pending_transfer' ? 'pending_payment' : pending.status,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', '/dashboard')).json().total_revenue_cents).toBe(1_100_000);
  });

  it('the company dashboard shows its own income, pending and completed orders only', async () => {
    const response = await companyCall(t, world.company, 'GET', '/dashboard');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total_income_cents: 1_000_000,
      pending_orders: 2,
      completed_orders: 1,
    });
    expect(response.json().recent_orders).toHaveLength(3);
    for (const order of response.json().recent_orders)
      expect(order.company_id).toBe(world.company.id);
  });

  it('lists every order with filters by status, company and seller', async () => {
    const all = await call('GET', '/orders');
    expect(all.json().total).toBe(4);
    const byCompany = await call('GET', `/orders?company_id=${other.company.id}`);
    expect(byCompany.json().total).toBe(1);
    const bySeller = await call(
      'GET',
      `/orders?seller_id=${world.seller.id}&status=pending_transfer`,
    );
    expect(bySeller.json().total).toBe(2);
    const search = await call('GET', '/orders?q=beatriz');
    expect(search.json().total).toBe(4);
    const csv = await call('GET', '/orders/export.csv?status=approved');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('sets any status with no transition restrictions; history and points move in the same transaction; the change is audited', async () => {
    const id = orderIds[1]!;
    const before = await sellerTally(t, world.seller.id);
    const approved = await call('PATCH', `/orders/${id}`, { status: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', points_awarded: 10 });
    const delivered = await call('PATCH', `/orders/${id}`, { status: 'delivered' });
    expect(delivered.json().status).toBe('delivered');
    const back = await call('PATCH', `/orders/${id}`, { status: 'pending_payment' });
    expect(back.json()).toMatchObject({ status: 'pending_payment', points_awarded: 0 });
    expect(await sellerTally(t, world.seller.id)).toEqual(before);

    const history = await call('GET', `/orders/${id}/history`);
    expect(history.statusCode).toBe(200);
    expect(history.json().items.map((item: { status: string }) => item.status)).toEqual([
      'pending_payment',
      'delivered',
      'approved',
      'pending_transfer',
    ]);
    expect(history.json().items[0]).toMatchObject({
      changed_by: admin.id,
      changed_by_name: 'Alicia Admin',
    });

    const audit = await call('GET', `/audit?target_id=${id}`);
    expect(
      audit.json().items.map((item: { after: { status: string } }) => item.after.status),
    ).toEqual(['pending_payment', 'delivered', 'approved']);

    const invalid = await call('PATCH', `/orders/${id}`, { status: 'pending_transfer' });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json())).toContain(ADMIN_ORDER_MESSAGES.statusInvalid);
    const missing = await call('PATCH', '/orders/00000000-0000-4000-8000-000000000000', {
      status: 'approved',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('Auditoría names each target as people know it and finds an order by its reference, typed any way', async () => {
    const id = orderIds[1]!;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const reference = row!.externalReference;
    for (const typed of [reference, reference.toLowerCase(), ` ${reference.slice(3)} `, id]) {
      const found = await call('GET', `/audit?order=${encodeURIComponent(typed)}`);
      expect(found.statusCode).toBe(200);
      expect(found.json().total).toBe(3);
      expect(found.json().items[0]).toMatchObject({
        target_type: 'order',
        target_id: id,
        target_label: reference,
        target_detail: 'Yerba orgánica 1 kg',
      });
    }
    const unknown = await call('GET', '/audit?order=VM-NOEXISTE');
    expect(unknown.json()).toMatchObject({ items: [], total: 0 });

    // A company payment: the company by its name, no row ids in what changed.
    const balance = await call('GET', `/settlements/${world.company.id}`);
    const owed = balance.json().balance_cents as number;
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/admin/settlements/${world.company.id}/payments`,
      headers: { origin: t.config.appUrl, cookie: admin.cookie },
      payload: { amount_cents: owed, paid_on: '2026-01-05', reference: 'TRF-AUDIT-1' },
    });
    expect(paid.statusCode).toBe(201);
    const payments = await call('GET', '/audit?action=settlement.company_payment');
    expect(payments.json().items[0]).toMatchObject({
      target_type: 'company',
      target_label: 'Yerbatera Misionera SA',
      before: { balance_cents: owed },
      after: { balance_cents: 0, amount_cents: owed, reference: 'TRF-AUDIT-1' },
    });
  });

  it('shows a company the timeline of its own orders only', async () => {
    const own = await companyCall(t, world.company, 'GET', `/orders/${orderIds[0]}/history`);
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((item: { status: string }) => item.status)).toEqual([
      'approved',
      'pending_transfer',
    ]);
    const foreign = await companyCall(t, other.company, 'GET', `/orders/${orderIds[0]}/history`);
    expect(foreign.statusCode).toBe(404);
  });

  it("appends the creation status when an order's history has no pending entry (spec 02 §4)", async () => {
    const id = orderIds[2]!;
    await t.db.delete(orderStatusHistory).where(eq(orderStatusHistory.orderId, id));
    const history = await call('GET', `/orders/${id}/history`);
    expect(history.json().items).toEqual([
      expect.objectContaining({ status: 'pending_transfer', changed_by: 'system' }),
    ]);
  });

  it('lists products with their company, users with points and documents, and the leaderboard', async () => {
    const products = await call('GET', `/products?company_id=${world.company.id}`);
    expect(products.json().items).toEqual([
      expect.objectContaining({
        id: world.productId,
        company: { id: world.company.id, name: 'Yerbatera Misionera SA' },
      }),
    ]);
    const sellers = await call('GET', '/users?role=seller');
    expect(sellers.json().total).toBe(2);
    expect(sellers.json().items[0]).toMatchObject({ role: 'seller', has_identity_document: true });
    const companies = await call('GET', '/users?role=company&q=yerbatera');
    expect(companies.json().total).toBe(2);
    const board = await call('GET', '/leaderboard');
    expect(board.json().items[0]).toMatchObject({ rank: 1, seller_id: world.seller.id });
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/orders', undefined, world.company as CreatedUser)).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(
      401,
    );
  });
});
