import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DATA_MESSAGES } from '@shared/bank-data';
import { SELLER_MESSAGES } from '@shared/seller/seller.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { argentineMonth } from '@shared/time';
import { transitionOrder } from '../orders/order-workflow';
import { SYSTEM } from '../orders/orders.service';
import { profiles } from '../profiles/profiles.table';
import {
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';

describe('seller workspace /api/seller', () => {
  let t: TestApp;
  let world: PayWorld;
  let seller: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV });
    // The company ships to Misiones and Córdoba (the factory's default).
    world = await createPayWorld(t);
    seller = await createUser(t.app, {
      role: 'seller',
      name: 'Valeria Vendedora',
      province: 'Córdoba',
    });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'PATCH' | 'PUT',
    url: string,
    payload?: unknown,
    user: CreatedUser = seller,
  ) =>
    t.app.inject({
      method,
      url: `/api/seller${url}`,
      headers: { origin: t.config.appUrl, cookie: user.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('lists the sellable products of companies that ship to the seller province, each with the seller link', async () => {
    const response = await call('GET', '/catalogue');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.province).toBe('Córdoba');
    const item = body.items.find(
      (i: { product: { id: string } }) => i.product.id === world.productId,
    );
    expect(item).toMatchObject({
      company: { id: world.company.id, name: 'Yerbatera Misionera SA' },
      buyer_price_cents: 1_100_000,
      seller_commission_cents: 75_000,
    });
    expect(item.link).toMatch(
      new RegExp(`^${t.config.appUrl}/pay/${world.productId}\\?ref=[\\w-]{16}$`),
    );
    // Stable: the same seller and product always give the same link; another seller gets another.
    const again = await call('GET', '/catalogue');
    expect(again.json().items.find((i: { link: string }) => i.link === item.link)).toBeTruthy();
    const other = await call('GET', '/catalogue', undefined, world.seller);
    const theirs = other
      .json()
      .items.find((i: { product: { id: string } }) => i.product.id === world.productId);
    expect(theirs.link).not.toBe(item.link);
    // The link sells with this seller.
    const page = await t.app.inject({
      method: 'GET',
      url: item.link.replace(t.config.appUrl, '/api/public'),
    });
    expect(page.json().seller).toEqual({ name: 'Valeria Vendedora' });
  });

  it('never shows companies that do not ship there, nor inactive or sold-out products', async () => {
    const far = await createUser(t.app, { role: 'seller', province: 'Tierra del Fuego' });
    const none = await call('GET', '/catalogue', undefined, far);
    expect(none.json()).toMatchObject({ items: [], total: 0 });

    const soldOut = await createPayWorld(t, { stock: 0 });
    const inactive = await createPayWorld(t);
    await companyCall(t, inactive.company, 'PATCH', `/products/${inactive.productId}`, {
      is_active: false,
    });
    const ids = (await call('GET', '/catalogue?page_size=100'))
      .json()
      .items.map((i: { product: { id: string } }) => i.product.id);
    expect(ids).not.toContain(soldOut.productId);
    expect(ids).not.toContain(inactive.productId);
    expect(ids).toContain(world.productId);

    const filtered = await call(
      'GET',
      `/catalogue?q=yerba&company_id=${world.company.id}&category=Almac%C3%A9n`,
    );
    expect(filtered.json().items.map((i: { product: { id: string } }) => i.product.id)).toEqual([
      world.productId,
    ]);
  });

  it('asks a seller without a province to set it first', async () => {
    const newcomer = await createUser(t.app, { role: 'seller' });
    await t.db.update(profiles).set({ province: null }).where(eq(profiles.id, newcomer.id));
    const unset = await call('GET', '/catalogue', undefined, newcomer);
    expect(unset.statusCode).toBe(409);
    expect(unset.json().error.message).toBe(SELLER_MESSAGES.provinceRequired);
    await call('PATCH', '/settings', { province: 'Misiones' }, newcomer);
    // Changing the province changes the catalogue at once.
    const before = await call('GET', '/catalogue', undefined, newcomer);
    expect(before.statusCode).toBe(200);
    await call('PATCH', '/settings', { province: 'Jujuy' }, newcomer);
    const after = await call('GET', '/catalogue', undefined, newcomer);
    expect(after.json().items).toEqual([]);
  });

  it('saves the payment method and details with the shared validators', async () => {
    const mp = await call('PATCH', '/settings', {
      payment_method: 'mercadopago',
      payment_details: { email: 'VALE@Example.com' },
    });
    expect(mp.statusCode).toBe(200);
    expect(mp.json()).toEqual({
      province: 'Córdoba',
      payment_method: 'mercadopago',
      payment_details: { email: 'vale@example.com' },
    });
    const badCbu = await call('PATCH', '/settings', {
      payment_method: 'bank',
      payment_details: { cbu: '0110599520000001234560' },
    });
    expect(badCbu.statusCode).toBe(400);
    expect(JSON.stringify(badCbu.json())).toContain(BANK_DATA_MESSAGES.cbu);
    const bank = await call('PATCH', '/settings', {
      payment_method: 'bank',
      payment_details: { cbu: '0110599520000001234569', alias: 'VALE.VENDE' },
    });
    expect(bank.json().payment_details).toEqual({
      cbu: '0110599520000001234569',
      alias: 'VALE.VENDE',
    });
    const noProvince = await call('PATCH', '/settings', { province: 'Atlántida' });
    expect(noProvince.statusCode).toBe(400);
  });

  it('the dashboard counts approved and delivered orders only, with points, rank, goal and activity', async () => {
    const month = argentineMonth(new Date());
    const goal = await call('PUT', '/goal', { month, target_sales: 2 });
    expect(goal.statusCode).toBe(200);
    expect(goal.json()).toMatchObject({ month, target_sales: 2, sales: 0, reached: false });

    const links = (await call('GET', '/catalogue')).json().items;
    const link = links.find(
      (i: { product: { id: string } }) => i.product.id === world.productId,
    ).link;
    const ref = new URL(link).searchParams.get('ref');
    const approved = await buy(t, world.productId, { provider: 'transferencia', ref });
    await buy(t, world.productId, { provider: 'transferencia', ref }); // stays pending
    await companyCall(
      t,
      world.company,
      'POST',
      `/orders/${approved.json().order_id}/confirm-transfer`,
    );

    const dashboard = await call('GET', '/dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json()).toMatchObject({
      greetingName: 'Valeria Vendedora',
      total_sales_cents: 1_100_000,
      commissions_cents: 75_000,
      sales_count: 1,
      points: 10,
      rank: 1,
      goal: { month, target_sales: 2, sales: 1, commission_cents: 75_000, reached: false },
    });
    expect(dashboard.json().recent_activity[0]).toMatchObject({
      order_id: approved.json().order_id,
      status: 'approved',
      seller_cents: 75_000,
    });
    const orders = await call('GET', '/orders');
    expect(orders.json().total).toBe(2);
    const pending = await call('GET', '/orders?status=pending_transfer');
    expect(pending.json().total).toBe(1);
  });

  it('ranks by points, ties by sales, nationally and by province, with the seller own row', async () => {
    const national = await call('GET', '/ranking');
    expect(national.statusCode).toBe(200);
    const points = national.json().items.map((row: { points: number }) => row.points);
    expect([...points].sort((a, b) => b - a)).toEqual(points);
    expect(national.json().me).toMatchObject({ seller_id: seller.id, rank: 1, points: 10 });
    const province = await call('GET', '/ranking?province=Misiones');
    expect(
      province.json().items.every((row: { province: string }) => row.province === 'Misiones'),
    ).toBe(true);
  });

  it('breaks ties in points by sales, then by who signed up first', async () => {
    const first = await createUser(t.app, {
      role: 'seller',
      name: 'Ana Empate',
      province: 'Salta',
    });
    const second = await createUser(t.app, {
      role: 'seller',
      name: 'Bruno Empate',
      province: 'Salta',
    });
    const third = await createUser(t.app, {
      role: 'seller',
      name: 'Carla Empate',
      province: 'Salta',
    });
    await t.db.update(profiles).set({ points: 50, sales: 2 }).where(eq(profiles.id, first.id));
    await t.db.update(profiles).set({ points: 50, sales: 5 }).where(eq(profiles.id, second.id));
    await t.db.update(profiles).set({ points: 50, sales: 2 }).where(eq(profiles.id, third.id));
    const ranking = await call('GET', '/ranking?province=Salta', undefined, third);
    expect(ranking.json().items.map((row: { name: string }) => row.name)).toEqual([
      'Bruno Empate',
      'Ana Empate',
      'Carla Empate',
    ]);
    expect(ranking.json().me).toMatchObject({ name: 'Carla Empate', rank: 3 });
  });

  it('a seller without points has no position yet: not in the ranking, no rank on the dashboard', async () => {
    const newcomer = await createUser(t.app, {
      role: 'seller',
      name: 'Nico Nuevo',
      province: 'Córdoba',
    });
    for (const url of ['/ranking', '/ranking?province=Córdoba']) {
      const ranking = (await call('GET', url, undefined, newcomer)).json();
      expect(ranking.me).toBeNull();
      expect(ranking.items.map((row: { seller_id: string }) => row.seller_id)).not.toContain(
        newcomer.id,
      );
      expect(ranking.items.every((row: { points: number }) => row.points > 0)).toBe(true);
    }
    const dashboard = (await call('GET', '/dashboard', undefined, newcomer)).json();
    expect(dashboard).toMatchObject({ points: 0, rank: null });
  });

  it('refuses goals of past months and goals without a target', async () => {
    expect((await call('PUT', '/goal', { month: '2020-01', target_sales: 1 })).statusCode).toBe(
      400,
    );
    expect((await call('PUT', '/goal', { month: '2099-13', target_sales: 1 })).statusCode).toBe(
      400,
    );
    const empty = await call('PUT', '/goal', { month: argentineMonth(new Date()) });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(SELLER_MESSAGES.goalTargetInvalid);
  });

  it('shows each order once in the activity, at its latest change and the status it left, so a refund after approval reads as commission taken back', async () => {
    const [latest] = (await call('GET', '/dashboard')).json().recent_activity;
    expect(latest).toMatchObject({ status: 'approved', previous_status: 'pending_transfer' });
    await transitionOrder(t.db, t.app.orderWorkflow, {
      scope: { kind: 'platform' },
      orderId: latest.order_id,
      to: 'refunded',
      changedBy: SYSTEM,
    });
    const activity = (await call('GET', '/dashboard')).json().recent_activity as {
      order_id: string;
    }[];
    // The approved order, now refunded, and the one still awaiting its transfer: one row each.
    expect(activity).toEqual([
      expect.objectContaining({
        order_id: latest.order_id,
        status: 'refunded',
        previous_status: 'approved',
      }),
      expect.objectContaining({ status: 'pending_transfer', previous_status: null }),
    ]);
  });

  it('is for sellers only', async () => {
    expect((await call('GET', '/catalogue', undefined, world.company)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/seller/catalogue' });
    expect(anonymous.statusCode).toBe(401);
  });
});
