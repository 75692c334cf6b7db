import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_CHECKOUT_LIMIT_MESSAGES } from '@shared/store/store.schema';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { clientKey } from '../../lib/client-key';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';

const APP = 'http://localhost:3000';

describe('storefront reservation caps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      STORE_CHECKOUT_RATE_LIMIT: '1000',
      STORE_MAX_UNITS_PER_ITEM: '4',
      STORE_MAX_UNITS_PER_ORDER: '6',
      STORE_MAX_HELD_UNITS_PER_ADDRESS: '8',
    });
    await seedTestCatalogue(t.db);
    await t.db
      .update(storeVariants)
      .set({ quantity: 100 })
      .where(eq(storeVariants.id, 'lamp-walnut'));
    await t.db.update(storeVariants).set({ quantity: 100 }).where(eq(storeVariants.id, 'lamp-oak'));
  });
  afterAll(() => t.close());

  const checkout = (
    items: { variant_id: string; quantity: number }[],
    remoteAddress = '198.51.100.7',
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      remoteAddress,
      payload: { items, successUrl: `${APP}/success`, cancelUrl: `${APP}/store` },
    });
  const reserved = async (id: string) =>
    (await t.db.select().from(storeVariants).where(eq(storeVariants.id, id)))[0]?.reserved;

  it('refuses more units of one item than one order may take, counting repeated lines together', async () => {
    const response = await checkout([
      { variant_id: 'lamp-walnut', quantity: 3 },
      { variant_id: 'lamp-walnut', quantity: 2 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'ITEM_LIMIT',
      message: STORE_CHECKOUT_LIMIT_MESSAGES.itemLimit(4),
    });
    expect(await reserved('lamp-walnut')).toBe(0);
  });

  it('refuses an order above the per-order cap', async () => {
    const response = await checkout([
      { variant_id: 'lamp-walnut', quantity: 4 },
      { variant_id: 'lamp-oak', quantity: 3 },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(STORE_CHECKOUT_LIMIT_MESSAGES.orderLimit(6));
  });

  it('caps what one address holds across its open checkouts, and frees it on cancel', async () => {
    const first = await checkout([{ variant_id: 'lamp-walnut', quantity: 4 }]);
    const second = await checkout([{ variant_id: 'lamp-oak', quantity: 4 }]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);

    const third = await checkout([{ variant_id: 'lamp-walnut', quantity: 1 }]);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toEqual({
      code: 'RESERVATION_LIMIT',
      message: STORE_CHECKOUT_LIMIT_MESSAGES.reservationLimit(8, 8),
    });
    expect(await reserved('lamp-walnut')).toBe(4);

    // Lines without managed stock hold nothing, so they still go through.
    expect((await checkout([{ variant_id: 'mug-default', quantity: 2 }])).statusCode).toBe(200);
    // Another address is not affected.
    expect(
      (await checkout([{ variant_id: 'lamp-walnut', quantity: 1 }], '198.51.100.8')).statusCode,
    ).toBe(200);

    const url = new URL(first.json().url);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/store/vendemas/checkout/${url.pathname.split('/').pop()}/cancel`,
      payload: { token: url.searchParams.get('token') },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await checkout([{ variant_id: 'lamp-walnut', quantity: 4 }])).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64 and stores no raw address', async () => {
    const secret = t.config.appSecret;
    expect(clientKey('2001:db8:1:2::10', secret)).toBe(clientKey('2001:db8:1:2:aaaa::1', secret));
    expect(clientKey('2001:db8:1:2::10', secret)).not.toBe(clientKey('2001:db8:1:3::10', secret));
    expect(clientKey('198.51.100.7', secret)).not.toBe(clientKey('198.51.100.8', secret));
    const keys = await t.db.select({ key: storeOrders.clientKey }).from(storeOrders);
    expect(keys.every((row) => row.key && !row.key.includes('198.51'))).toBe(true);
  });
});

describe('storefront order totals', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedTestCatalogue(t.db);
  });
  afterAll(() => t.close());

  it('keeps a total above 2^31 - 1 cents instead of failing', async () => {
    await t.db
      .update(storeVariants)
      .set({ amountCents: 2_000_000_000, saleAmountCents: null, quantity: 10 })
      .where(eq(storeVariants.id, 'lamp-walnut'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      payload: {
        items: [{ variant_id: 'lamp-walnut', quantity: 3 }],
        successUrl: `${APP}/success`,
        cancelUrl: `${APP}/store`,
      },
    });
    expect(response.statusCode).toBe(200);
    const [order] = await t.db.select().from(storeOrders);
    expect(order?.totalCents).toBe(6_000_000_000);
  });
});
