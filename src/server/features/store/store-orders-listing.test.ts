import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { buy, createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';

const APP = 'http://localhost:3000';

/**
 * One order model: a storefront cart is an order like a payment link's, listed
 * and exported by the admin with its channel, and never in a company's or a
 * seller's lists.
 */
describe('storefront orders among every order', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let world: PayWorld;
  let storeOrderId: string;
  let storeToken: string;
  let linkOrder: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, STORE_CHECKOUT_RATE_LIMIT: '1000' });
    await seedTestCatalogue(t.db);
    admin = await createUser(t.app, { role: 'admin', name: 'Alicia Admin' });
    world = await createPayWorld(t);
    const bought = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    linkOrder = {
      id: bought.json().order_id,
      token: decodeURIComponent(/token=([^&"]+)/.exec(bought.body)![1]!),
    };
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      payload: {
        items: [
          { variant_id: 'lamp-oak', quantity: 1 },
          { variant_id: 'mug-default', quantity: 2 },
        ],
        successUrl: `${APP}/success`,
        cancelUrl: `${APP}/store`,
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const url = new URL(checkout.json().url);
    storeOrderId = url.pathname.split('/').at(-1)!;
    storeToken = url.searchParams.get('token')!;
  });
  afterAll(() => t.close());

  const get = (url: string, user: CreatedUser) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

  it("the admin's list carries each order's channel and filters by it, with matching totals", async () => {
    const all = (await get('/api/admin/orders', admin)).json();
    expect(all.total).toBe(2);
    expect(all.items.map((order: { channel: string }) => order.channel).sort()).toEqual([
      'link',
      'store',
    ]);
    const store = (await get('/api/admin/orders?channel=store', admin)).json();
    expect(store.total).toBe(1);
    expect(store.items[0]).toMatchObject({
      id: storeOrderId,
      channel: 'store',
      status: 'reserved',
      company_id: null,
      company_name: 'Tienda',
      product_id: null,
      quantity: 3,
      product_title: expect.stringMatching(/ y 1 más$/),
      provider: null,
      buyer: { name: null, email: null, phone: null },
    });
    expect(store.items[0].total_cents).toBe(store.items[0].platform_cents);
    const link = (await get('/api/admin/orders?channel=link', admin)).json();
    expect(link.total).toBe(1);
    expect(link.items[0].channel).toBe('link');
    expect((await get('/api/admin/orders?channel=tienda', admin)).statusCode).toBe(400);
    // Counted by status too (the storefront's statuses are the orders' statuses).
    expect((await get('/api/admin/orders?status=reserved', admin)).json().total).toBe(1);
  });

  it('the admin sees its history and exports it with its channel and currency', async () => {
    const history = (await get(`/api/admin/orders/${storeOrderId}/history`, admin)).json();
    expect(JSON.stringify(history)).toContain('reserved');
    const csv = (await get('/api/admin/orders/export.csv?channel=store', admin)).body;
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('Canal');
    expect(lines[1]).toContain('Tienda');
  });

  it("never shows in a company's or a seller's orders", async () => {
    const company = (await get('/api/company/orders', world.company)).json();
    expect(company.items.map((order: { channel: string }) => order.channel)).toEqual(['link']);
    const seller = await get('/api/seller/orders', world.seller);
    expect(seller.statusCode).toBe(200);
    expect(seller.body).not.toContain(storeOrderId);
    expect(seller.json().items).toHaveLength(1);
  });

  it("each surface opens only its own orders, even with the other's right token", async () => {
    const asStore = await t.app.inject({
      method: 'GET',
      url: `/api/store/vendemas/checkout/${linkOrder.id}?token=${encodeURIComponent(linkOrder.token)}`,
    });
    expect(asStore.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/store/vendemas/checkout/${linkOrder.id}/cancel`,
      headers: { origin: APP },
      payload: { token: linkOrder.token },
    });
    expect(cancel.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${linkOrder.id}?token=${encodeURIComponent(linkOrder.token)}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().status).toBe('pending_transfer');
    const asLink = await t.app.inject({
      method: 'GET',
      url: `/api/public/orders/${storeOrderId}?token=${encodeURIComponent(storeToken)}`,
    });
    expect(asLink.statusCode).toBe(404);
  });
});
