import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STORE_CHECKOUT_MESSAGES } from '@shared/store/store.schema';
import { CHECKOUT_PAGE_MESSAGES } from '@shared/store/checkout.schema';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import {
  STORE_APP as APP,
  storeRoutesFixture,
} from '../../../../tests/factories/store-routes-fixture';
import { DEMO_PLATFORM_BANK } from '../../config/store-config';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';
import { expireDueOrders } from '../orders/order-workflow';

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
  const { get, post, checkout, stock, orderOf } = storeRoutesFixture((app) => (t = app));

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
