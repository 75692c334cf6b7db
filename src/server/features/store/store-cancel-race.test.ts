import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { cancelStoreCheckout } from './store-payment.service';
import { confirmStoreTransfer } from './store-orders.service';
import type { Database } from '../../db/client';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';

const APP = 'http://localhost:3000';
const BUYER = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '+54 11 4000 0000',
  address: 'Calle 1',
  city: 'Rosario',
  postalCode: '2000',
  province: 'Santa Fe',
};

/*
 * A buyer cancelling while an admin confirms the transfer: whatever order they
 * land in, each answer must tell the truth about how the order ended. Runs on
 * PGlite and, with TEST_DATABASE_URL, truly in parallel on PostgreSQL.
 */
describe('cancel racing a transfer confirmation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      STORE_CHECKOUT_RATE_LIMIT: '1000',
      STORE_MAX_HELD_UNITS_PER_ADDRESS: '1000',
    });
    await seedTestCatalogue(t.db);
    await t.db
      .update(storeVariants)
      .set({ quantity: 1_000 })
      .where(eq(storeVariants.id, 'lamp-oak'));
  });
  afterAll(() => t.close());

  async function transferOrder() {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      payload: {
        items: [{ variant_id: 'lamp-oak', quantity: 1 }],
        successUrl: `${APP}/success`,
        cancelUrl: `${APP}/store`,
      },
    });
    const url = new URL(response.json().url);
    const id = url.pathname.split('/').pop() ?? '';
    const token = url.searchParams.get('token') ?? '';
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/store/vendemas/checkout/${id}/pay`,
      payload: { token, buyer: BUYER },
    });
    expect(pay.statusCode).toBe(200);
    return { id, token };
  }

  it('answers 409 to the cancel whenever the order ends paid, and never both succeed', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 25; round += 1) {
      const { id, token } = await transferOrder();
      const [cancel, confirm] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/store/vendemas/checkout/${id}/cancel`,
          payload: { token },
        }),
        confirmStoreTransfer(t.db, t.app.orderWorkflow, id, 'admin-test').then(
          () => 'paid',
          (error: { statusCode?: number }) => String(error.statusCode),
        ),
      ]);
      const [order] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, id));
      outcomes.add(`${cancel.statusCode}/${confirm}/${order?.status}`);
      if (order?.status === 'approved') {
        expect(cancel.statusCode).toBe(409);
        expect(confirm).toBe('paid');
      } else {
        expect(order?.status).toBe('cancelled');
        expect(cancel.statusCode).toBe(200);
        expect(confirm).toBe('409');
      }
    }
    const [variant] = await t.db
      .select()
      .from(storeVariants)
      .where(eq(storeVariants.id, 'lamp-oak'));
    const paid = await t.db.$count(storeOrders, eq(storeOrders.status, 'approved'));
    expect(variant).toMatchObject({ quantity: 1_000 - paid, reserved: 0 });
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it('answers 409 when the confirmation lands between the cancel reading the order and changing it', async () => {
    const { id, token } = await transferOrder();
    // The cancel reads the order (waiting for the transfer); the admin confirms it just
    // before the cancel opens its transaction.
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return async (...args: Parameters<Database['transaction']>) => {
            await confirmStoreTransfer(target, t.app.orderWorkflow, id, 'admin-test');
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    await expect(
      cancelStoreCheckout(
        { db, config: t.config, gateway: undefined, workflow: t.app.orderWorkflow, log: t.app.log },
        id,
        token,
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    const [order] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, id));
    expect(order?.status).toBe('approved');
  });
});
