import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';

/*
 * PGlite is a single connection, so concurrent checkouts there are serialised
 * and prove nothing about locking: this test needs a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'concurrent checkouts on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ STORE_CHECKOUT_RATE_LIMIT: '1000' });
      await seedTestCatalogue(t.db);
      await t.db
        .update(storeVariants)
        .set({ quantity: 10, reserved: 0 })
        .where(eq(storeVariants.id, 'lamp-walnut'));
      await t.db
        .update(storeVariants)
        .set({ quantity: 1_000, reserved: 0 })
        .where(eq(storeVariants.id, 'lamp-oak'));
    });
    afterAll(() => t?.close());

    it('50 buyers racing for 10 units: exactly 10 reserved, the rest answered 409, stock never negative', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const responses = await Promise.all(
        // Fifty different buyers, so nothing but the stock itself stands between them.
        Array.from({ length: 50 }, (_, index) =>
          t.app.inject({
            method: 'POST',
            remoteAddress: `10.0.0.${index + 1}`,
            url: '/api/store/vendemas/checkout',
            payload: {
              items: [{ variant_id: 'lamp-walnut', quantity: 1 }],
              successUrl: 'http://localhost:3000/success',
              cancelUrl: 'http://localhost:3000/store',
            },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 409)).toHaveLength(40);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().error.message).toBe(
          'Not enough stock for Walnut Desk Lamp (Walnut). Only 0 left.',
        );
      }
      const [variant] = await t.db
        .select()
        .from(storeVariants)
        .where(eq(storeVariants.id, 'lamp-walnut'));
      expect(variant).toMatchObject({ quantity: 10, reserved: 10 });
      expect(await t.db.$count(storeOrders, eq(storeOrders.status, 'reserved'))).toBe(10);
    });

    it('one address racing 20 checkouts of 5 units holds exactly its cap of 60, the rest answered 429', async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.app.inject({
            method: 'POST',
            remoteAddress: '203.0.113.9',
            url: '/api/store/vendemas/checkout',
            payload: {
              items: [{ variant_id: 'lamp-oak', quantity: 5 }],
              successUrl: 'http://localhost:3000/success',
              cancelUrl: 'http://localhost:3000/store',
            },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(12);
      expect(statuses.filter((status) => status === 429)).toHaveLength(8);
      const [variant] = await t.db
        .select()
        .from(storeVariants)
        .where(eq(storeVariants.id, 'lamp-oak'));
      expect(variant?.reserved).toBe(60);
    });
  },
);
