import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPayWorld, placeTransferOrder, type PayWorld } from '../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../tests/setup/test-app';
import { sweepUnpaidOrders } from './expiry-sweeper';
import { orders } from './features/orders/orders.table';
import { products } from './features/products/products.table';
import { storeVariants } from './features/store-catalogue/store-catalogue.table';
import { seedTestCatalogue } from '../../tests/factories/store-catalogue';

describe('one expiry sweeper for the unpaid orders of both surfaces', () => {
  let t: TestApp;
  let world: PayWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await createPayWorld(t, { stock: 5 });
    await seedTestCatalogue(t.db);
  });
  afterAll(() => t.close());

  const stockOf = async () => ({
    link: (await t.db.select().from(products).where(eq(products.id, world.productId)))[0]!.stock,
    store: (await t.db.select().from(storeVariants).where(eq(storeVariants.id, 'lamp-oak')))[0]!
      .reserved,
  });

  it('closes a payment-link transfer and a storefront reservation past their time, once, and gives their units back', async () => {
    const linkOrder = await placeTransferOrder(t, world);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      payload: {
        items: [{ variant_id: 'lamp-oak', quantity: 2 }],
        successUrl: `${t.config.appUrl}/success`,
        cancelUrl: `${t.config.appUrl}/store`,
      },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(await stockOf()).toEqual({ link: 4, store: 2 });

    // Within their time, nothing is closed.
    expect(await sweepUnpaidOrders(t.app, new Date(Date.now() + 60_000))).toEqual({
      link: 0,
      store: 0,
    });

    const later = new Date(Date.now() + 25 * 3_600_000);
    const [first, second] = await Promise.all([
      sweepUnpaidOrders(t.app, later),
      sweepUnpaidOrders(t.app, later),
    ]);
    // Two instances sweeping at once close each order once between them.
    expect(first!.link + second!.link).toBe(1);
    expect(first!.store + second!.store).toBe(1);
    expect(await stockOf()).toEqual({ link: 5, store: 0 });

    const [link] = await t.db.select().from(orders).where(eq(orders.id, linkOrder));
    expect(link!.status).toBe('expired');
    const [store] = await t.db.select().from(orders).where(eq(orders.channel, 'store'));
    expect(store!.status).toBe('expired');
  });
});
