import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CHECKOUT_MESSAGES } from '@shared/store/store.schema';
import { CHECKOUT_PAGE_MESSAGES } from '@shared/store/checkout.schema';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { DEMO_PLATFORM_BANK } from '../../config/store-config';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';
import { expireDueOrders } from '../orders/order-workflow';

const APP = 'http://localhost:3000';
const buyer = {
  name: 'Ana Pérez',
  email: 'Ana@Example.com',
  phone: '+54 11 5555-1234',
  address: 'Av. Corrientes 1234',
  city: 'Buenos Aires',
  postalCode: 'C1043',
  province: 'Ciudad Autónoma de Buenos Aires',
};

describe('storefront API /api/store/:storeId', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORE_CHECKOUT_RATE_LIMIT: '100' });
    await seedTestCatalogue(t.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const checkout = (items: unknown, extra: Record<string, unknown> = {}) =>
    post('/api/store/vendemas/checkout', {
      items,
      successUrl: `${APP}/success`,
      cancelUrl: `${APP}/store`,
      locale: 'en-US',
      timeZone: 'Europe/Madrid',
      ...extra,
    });
  const stock = async (id: string) => {
    const [row] = await t.db.select().from(storeVariants).where(eq(storeVariants.id, id));
    return { quantity: row!.quantity, reserved: row!.reserved };
  };
  const orderOf = (url: string) => {
    const parsed = new URL(url);
    return {
      id: parsed.pathname.split('/').pop()!,
      token: parsed.searchParams.get('token')!,
    };
  };

  describe('catalogue', () => {
    it('answers 404 for another store id', async () => {
      for (const url of [
        '/api/store/other/products',
        '/api/store/other/products/lamp',
        '/api/store/other/variants?product_ids[]=lamp',
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      const ours = await checkout([{ variant_id: 'mug-default', quantity: 1 }]);
      expect(ours.statusCode).toBe(200);
      const { id, token } = orderOf(ours.json().url);
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      const other = await post('/api/store/other/checkout', {});
      expect(other.statusCode).toBe(404);
    });

    it('lists published products in order with count, offset, limit and derived prices', async () => {
      const response = await get('/api/store/vendemas/products');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const body = response.json();
      expect(body).toMatchObject({ count: 4, offset: 0, limit: 20 });
      expect(body.products.map((p: { id: string }) => p.id)).toEqual([
        'lamp',
        'mug',
        'poster',
        'sample',
      ]);
      const lamp = body.products[0];
      expect(lamp).toMatchObject({
        title: 'Walnut Desk Lamp',
        ribbon_text: 'Sale',
        thumbnail: '/catalogue/lamp-1.svg',
        // lowest effective price: Walnut on sale at 69.00 beats Oak at 75.00
        price_in_cents: 8900,
        sale_price_in_cents: 6900,
        currency: 'eur',
        price_formatted: '€89.00',
        sale_price_formatted: '€69.00',
        images: [
          { url: '/catalogue/lamp-1.svg', order: 0, type: 'image' },
          { url: '/catalogue/lamp-2.svg', order: 1, type: 'image' },
        ],
      });
      expect(lamp.options).toHaveLength(1);
      expect(lamp.options[0].title).toBe('Style');
      expect(lamp.options[0].values.map((v: { value: string }) => v.value)).toEqual([
        'Walnut',
        'Oak',
      ]);
      expect(lamp.variants[1]).toMatchObject({
        id: 'lamp-oak',
        title: 'Oak',
        image_url: '/catalogue/lamp-2.svg',
        manage_inventory: true,
        inventory_quantity: 2,
        prices: [
          {
            amount: 7500,
            sale_amount: null,
            currency_code: 'eur',
            currency: { code: 'EUR', symbol: '€', template: '€{{amount}}' },
          },
        ],
        price_in_cents: 7500,
        price_formatted: '€75.00',
        sale_price_formatted: null,
      });
      expect(lamp.variants[1].options[0]).toMatchObject({
        variant_id: 'lamp-oak',
        option_id: lamp.options[0].id,
        value: 'Oak',
      });
      expect(lamp.additional_info.map((i: { title: string }) => i.title)).toEqual(['Size', 'Care']);
    });

    it('sends browsers the catalogue gzipped, decoding to exactly the plain answer', async () => {
      for (const url of ['/api/store/vendemas/products', '/api/store/vendemas/products/lamp']) {
        const plain = await t.app.inject({ url });
        const zipped = await t.app.inject({
          url,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toContain('accept-encoding');
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    });

    it('pages, sorts and filters by ids, hidden state and creation date', async () => {
      const page = (await get('/api/store/vendemas/products?offset=1&limit=2')).json();
      expect(page).toMatchObject({ count: 4, offset: 1, limit: 2 });
      expect(page.products.map((p: { id: string }) => p.id)).toEqual(['mug', 'poster']);

      const byPrice = (await get('/api/store/vendemas/products?sort_by=price&order=DESC')).json();
      expect(byPrice.products.map((p: { id: string }) => p.id)).toEqual([
        'lamp',
        'poster',
        'mug',
        'sample',
      ]);

      const ids = (await get('/api/store/vendemas/products?ids[]=mug&ids[]=poster')).json();
      expect(ids.count).toBe(2);
      expect(ids.products.map((p: { id: string }) => p.id).sort()).toEqual(['mug', 'poster']);

      const hidden = (await get('/api/store/vendemas/products?is_hidden=true')).json();
      expect(hidden.products.map((p: { id: string }) => p.id)).toEqual(['draft']);

      const old = (await get('/api/store/vendemas/products?to_date=2000-01-01T00:00:00Z')).json();
      expect(old.count).toBe(0);
    });

    it('answers 400 with a message for bad query values', async () => {
      for (const query of [
        'limit=0',
        'limit=abc',
        'limit=101',
        'offset=-1',
        'order=sideways',
        'sort_by=colour',
        'is_hidden=maybe',
        'to_date=yesterday',
      ]) {
        const response = await get(`/api/store/vendemas/products?${query}`);
        expect(response.statusCode, query).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.message.length).toBeGreaterThan(5);
      }
    });

    it('answers one product with its media, and 404 for an unknown one', async () => {
      const response = await get('/api/store/vendemas/products/lamp');
      expect(response.statusCode).toBe(200);
      const product = response.json();
      expect(product.id).toBe('lamp');
      expect(product.media).toEqual(product.images);
      expect(product.variants).toHaveLength(2);

      const missing = await get('/api/store/vendemas/products/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Product not found.');
    });

    it('answers live stock per variant, quantity minus reserved', async () => {
      await get('/api/store/vendemas/products/lamp');
      await get('/api/store/vendemas/products?ids[]=lamp');
      const before = (
        await get('/api/store/vendemas/variants?fields=inventory_quantity&product_ids[]=lamp')
      ).json();
      expect(before.variants).toEqual([
        { id: 'lamp-walnut', product_id: 'lamp', manage_inventory: true, inventory_quantity: 5 },
        { id: 'lamp-oak', product_id: 'lamp', manage_inventory: true, inventory_quantity: 2 },
      ]);
      const { url } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 2 }])).json();
      const after = (
        await get('/api/store/vendemas/variants?fields=inventory_quantity&product_ids[]=lamp')
      ).json();
      expect(after.variants[0].inventory_quantity).toBe(3);
      // The cached catalogue answers are dropped by the write, so the product shows it too.
      const product = (await get('/api/store/vendemas/products/lamp')).json();
      expect(product.variants[0].inventory_quantity).toBe(3);
      const list = (await get('/api/store/vendemas/products?ids[]=lamp')).json();
      expect(list.products[0].variants[0].inventory_quantity).toBe(3);
      const { id, token } = orderOf(url);
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 0 });
    });
  });

  describe('checkout', () => {
    it('refuses an empty cart with 400', async () => {
      const response = await checkout([]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(STORE_CHECKOUT_MESSAGES.emptyCart);
    });

    it('refuses bad lines: unknown variant 404, not purchasable or hidden 409, bad quantity 400', async () => {
      expect((await checkout([{ variant_id: 'ghost', quantity: 1 }])).statusCode).toBe(404);
      const sample = await checkout([{ variant_id: 'sample-one', quantity: 1 }]);
      expect(sample.statusCode).toBe(409);
      expect(sample.json().error.message).toContain('Display Sample (One)');
      expect((await checkout([{ variant_id: 'draft-one', quantity: 1 }])).statusCode).toBe(409);
      expect((await checkout([{ variant_id: 'mug-default', quantity: 0 }])).statusCode).toBe(400);
      expect((await checkout([{ variant_id: 'mug-default', quantity: 1.5 }])).statusCode).toBe(400);
    });

    it('refuses success and cancel addresses on another site (no open redirect)', async () => {
      for (const extra of [
        { successUrl: 'https://evil.example/success' },
        { cancelUrl: 'https://evil.example/store' },
        { successUrl: 'http://localhost:3001/success' },
        { cancelUrl: 'javascript:alert(1)' },
      ]) {
        const response = await checkout([{ variant_id: 'mug-default', quantity: 1 }], extra);
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      }
    });

    it('answers 409 naming the product and variant when stock is short, and reserves nothing', async () => {
      const response = await checkout([
        { variant_id: 'lamp-walnut', quantity: 1 },
        { variant_id: 'lamp-oak', quantity: 3 },
      ]);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(
        'Not enough stock for Walnut Desk Lamp (Oak). Only 2 left.',
      );
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 0 });
      const soldOut = await checkout([{ variant_id: 'poster-a2', quantity: 1 }]);
      expect(soldOut.statusCode).toBe(409);
      expect(soldOut.json().error.message).toContain('Sold Out Poster (A2). Only 0 left.');
    });

    it('takes prices from the database whatever the browser sends', async () => {
      const response = await checkout([
        { variant_id: 'lamp-oak', quantity: 1, price: 1, price_in_cents: 1, amount: 1 },
        { variant_id: 'mug-default', quantity: 2, unit_price_cents: 0 },
      ]);
      expect(response.statusCode).toBe(200);
      const { id, token } = orderOf(response.json().url);
      const page = (await get(`/api/store/vendemas/checkout/${id}?token=${token}`)).json();
      expect(page.total_cents).toBe(7500 + 2 * 1800);
      expect(page.total_formatted).toBe('€111.00');
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
    });

    it('answers our hosted checkout address and the page data only with the right token', async () => {
      const response = await checkout([
        { variant_id: 'lamp-walnut', quantity: 1 },
        { variant_id: 'lamp-walnut', quantity: 1 },
      ]);
      expect(response.statusCode).toBe(200);
      const { url } = response.json();
      expect(url).toMatch(new RegExp(`^${APP}/checkout/[0-9a-f-]{36}\\?token=[\\w-]{32}$`));
      const { id, token } = orderOf(url);

      const page = await get(`/api/store/vendemas/checkout/${id}?token=${token}`);
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({
        id,
        status: 'reserved',
        payment_method: 'transfer',
        lines: [
          {
            product_title: 'Walnut Desk Lamp',
            variant_title: 'Walnut',
            quantity: 2,
            unit_price_cents: 6900,
            unit_price_formatted: '€69.00',
            total_formatted: '€138.00',
          },
        ],
        total_cents: 13800,
        success_url: `${APP}/success`,
        cancel_url: `${APP}/store`,
        bank: null,
      });
      const minutes =
        (Date.parse(page.json().reserved_until) - Date.parse(page.json().now)) / 60_000;
      expect(minutes).toBeGreaterThan(29);
      expect(minutes).toBeLessThanOrEqual(30);

      const wrong = await get(`/api/store/vendemas/checkout/${id}?token=${'x'.repeat(43)}`);
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.message).toBe(CHECKOUT_PAGE_MESSAGES.orderNotFound);
      const noToken = await get(`/api/store/vendemas/checkout/${id}`);
      expect(noToken.statusCode).toBe(400);
      const wrongCancel = await post(`/api/store/vendemas/checkout/${id}/cancel`, {
        token: 'y'.repeat(43),
      });
      expect(wrongCancel.statusCode).toBe(404);
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 2 });

      const cancel = await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json()).toEqual({ redirect_url: `${APP}/store` });
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 0 });
      // Cancelling twice gives nothing back twice.
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 0 });
    });

    it('pays by transfer: validates the buyer, shows the bank details, keeps the reservation until an admin confirms', async () => {
      const { url } = (await checkout([{ variant_id: 'lamp-oak', quantity: 2 }])).json();
      const { id, token } = orderOf(url);
      const pay = (body: unknown) => post(`/api/store/vendemas/checkout/${id}/pay`, body);

      const invalid = await pay({ token, buyer: { ...buyer, email: 'nope', phone: 'x' } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields).toMatchObject({
        'buyer.email': CHECKOUT_PAGE_MESSAGES.emailInvalid,
        'buyer.phone': CHECKOUT_PAGE_MESSAGES.phoneInvalid,
      });

      const response = await pay({ token, buyer });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.redirect_url).toBeNull();
      expect(body.summary).toMatchObject({
        status: 'pending_transfer',
        bank: DEMO_PLATFORM_BANK,
        buyer: { name: 'Ana Pérez', email: 'ana@example.com', city: 'Buenos Aires' },
      });
      expect(body.summary.reference).toMatch(/^VM-[0-9A-HJKMNP-TV-Z]{10}$/);
      expect(await stock('lamp-oak')).toEqual({ quantity: 2, reserved: 2 });

      // The transfer keeps its units for STORE_TRANSFER_HOLD_HOURS (24 by default, as payment
      // links), not forever.
      const heldUntil = new Date(body.summary.reserved_until).getTime();
      expect(heldUntil - Date.now()).toBeGreaterThan(23 * 3_600_000);
      expect(heldUntil - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
      expect(
        (await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 23 * 3_600_000)))
          .store,
      ).toBe(0);
      expect(await stock('lamp-oak')).toEqual({ quantity: 2, reserved: 2 });

      // The admin surface is role-guarded.
      const anonymous = await post(`/api/admin/store/orders/${id}/confirm-transfer`, {});
      expect(anonymous.statusCode).toBe(401);

      // Past the hold the units go back; a transfer that still arrives is honoured.
      expect(
        (await expireDueOrders(t.db, t.app.orderWorkflow, new Date(heldUntil + 60_000))).store,
      ).toBe(1);
      expect(await stock('lamp-oak')).toEqual({ quantity: 2, reserved: 0 });
      const { confirmStoreTransfer } = await import('./store-orders.service');
      expect(await confirmStoreTransfer(t.db, t.app.orderWorkflow, id, 'admin-test')).toEqual({
        id,
        status: 'paid',
      });
      expect(await stock('lamp-oak')).toEqual({ quantity: 0, reserved: 0 });
    });

    it('confirmStoreTransfer marks the order paid once and takes the units out of stock', async () => {
      const { confirmStoreTransfer } = await import('./store-orders.service');
      await t.db
        .update(storeVariants)
        .set({ quantity: 4 })
        .where(eq(storeVariants.id, 'mug-default'));
      const { url } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 3 }])).json();
      const { id, token } = orderOf(url);
      await post(`/api/store/vendemas/checkout/${id}/pay`, { token, buyer });

      // The admin sees it waiting for the transfer, and nobody else does.
      const { listStoreTransfers } = await import('./store-orders.service');
      const waiting = (await listStoreTransfers(t.db)).items.find((item) => item.id === id);
      expect(waiting).toMatchObject({
        status: 'pending_transfer',
        buyer_name: 'Ana Pérez',
        buyer_email: 'ana@example.com',
        lines: 1,
      });
      // One reference format for every order, whichever surface placed it.
      expect(waiting?.reference).toMatch(/^VM-[0-9A-HJKMNP-TV-Z]{10}$/);
      expect((await get('/api/admin/store/orders/transfers')).statusCode).toBe(401);

      expect(await confirmStoreTransfer(t.db, t.app.orderWorkflow, id, 'admin-test')).toEqual({
        id,
        status: 'paid',
      });
      expect((await listStoreTransfers(t.db)).items.some((item) => item.id === id)).toBe(false);
      expect(await stock('lamp-walnut')).toEqual({ quantity: 2, reserved: 0 });
      expect(await confirmStoreTransfer(t.db, t.app.orderWorkflow, id, 'admin-test')).toEqual({
        id,
        status: 'paid',
      });
      expect(await stock('lamp-walnut')).toEqual({ quantity: 2, reserved: 0 });

      const page = (await get(`/api/store/vendemas/checkout/${id}?token=${token}`)).json();
      expect(page.status).toBe('paid');
      expect((await post(`/api/store/vendemas/checkout/${id}/cancel`, { token })).statusCode).toBe(
        409,
      );

      const { url: other } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 1 }])).json();
      await expect(
        confirmStoreTransfer(t.db, t.app.orderWorkflow, orderOf(other).id, 'admin-test'),
      ).rejects.toMatchObject({
        statusCode: 409,
      });
      await expect(
        confirmStoreTransfer(
          t.db,
          t.app.orderWorkflow,
          '00000000-0000-4000-8000-000000000000',
          'admin-test',
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
      await post(`/api/store/vendemas/checkout/${orderOf(other).id}/cancel`, {
        token: orderOf(other).token,
      });
    });

    it('gives the units of an expired reservation back, and the page refuses to pay it', async () => {
      const { url } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 2 }])).json();
      const { id, token } = orderOf(url);
      expect(await stock('lamp-walnut')).toEqual({ quantity: 2, reserved: 2 });

      expect((await expireDueOrders(t.db, t.app.orderWorkflow, new Date())).store).toBe(0);
      const later = new Date(Date.now() + 31 * 60_000);
      expect((await expireDueOrders(t.db, t.app.orderWorkflow, later)).store).toBe(1);
      expect((await expireDueOrders(t.db, t.app.orderWorkflow, later)).store).toBe(0);
      expect(await stock('lamp-walnut')).toEqual({ quantity: 2, reserved: 0 });

      const page = (await get(`/api/store/vendemas/checkout/${id}?token=${token}`)).json();
      expect(page.status).toBe('expired');
      const pay = await post(`/api/store/vendemas/checkout/${id}/pay`, { token, buyer });
      expect(pay.statusCode).toBe(410);
      expect(pay.json().error.message).toBe(CHECKOUT_PAGE_MESSAGES.orderExpired);
    });

    it('limits how many checkouts one address opens per minute, in English', async () => {
      const limited = await createTestApp({ STORE_CHECKOUT_RATE_LIMIT: '2' });
      try {
        await seedTestCatalogue(limited.db);
        const statuses: number[] = [];
        let last;
        for (let i = 0; i < 3; i += 1) {
          last = await limited.app.inject({
            method: 'POST',
            url: '/api/store/vendemas/checkout',
            payload: {
              items: [{ variant_id: 'mug-default', quantity: 1 }],
              successUrl: `${APP}/success`,
              cancelUrl: `${APP}/store`,
            },
            remoteAddress: '10.1.1.1',
          });
          statuses.push(last.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
        expect(last!.json().error.message).toBe(
          'Too many checkouts from your connection. Please wait a minute and try again.',
        );
      } finally {
        await limited.close();
      }
    });

    it('expires an overdue order when its page is opened, before any sweep', async () => {
      const { url } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 1 }])).json();
      const { id, token } = orderOf(url);
      await t.db
        .update(storeOrders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(storeOrders.id, id));
      const page = (await get(`/api/store/vendemas/checkout/${id}?token=${token}`)).json();
      expect(page.status).toBe('expired');
      expect(await stock('lamp-walnut')).toEqual({ quantity: 2, reserved: 0 });
    });
  });
});
