import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { demoAccountsSeeder } from '../accounts/demo-accounts.seeder';
import { orderLines, orders, orderStatusHistory } from '../orders/orders.table';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { storeDemoSeeder } from '../store-catalogue/store-demo.seeder';
import { seedTestCatalogue } from '../../../../tests/factories/store-catalogue';
import { storeDemoOrdersSeeder } from './store-demo-orders.seeder';

/** What a seeder is given at start, from a test app. */
const seederContext = (app: TestApp) => ({
  db: app.db,
  orderWorkflow: app.app.orderWorkflow,
  config: app.config,
  log: app.app.log,
});

describe('demo storefront orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const context = seederContext(t);
    await demoAccountsSeeder.run(context);
    await storeDemoSeeder.run(context);
    await storeDemoOrdersSeeder.run(context);
    // A second start reuses them.
    await storeDemoOrdersSeeder.run(context);
  });
  afterAll(() => t.close());

  it('places a paid cart and a cancelled one through the storefront, days ago', async () => {
    const rows = await t.db
      .select()
      .from(orders)
      .where(eq(orders.channel, 'store'))
      .orderBy(orders.createdAt);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'approved']);
    const [left, paid] = rows;
    expect(paid).toMatchObject({ provider: 'transferencia', buyerName: 'Lucía Fernández' });
    expect(paid!.totalCents).toBe(paid!.platformCents);
    expect(Date.now() - paid!.createdAt.getTime()).toBeGreaterThan(3 * 86_400_000);
    expect(left!.buyerName).toBeNull();
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, paid!.id));
    expect(lines.map((line) => [line.storeVariantId, line.quantity]).sort()).toEqual([
      ['candle-220', 1],
      ['notebook-a5', 2],
    ]);
    // Each change is in the history on the day it happened, never today.
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, [paid!.id, left!.id]));
    expect(history).toHaveLength(5);
    expect(history.every((row) => Date.now() - row.createdAt.getTime() > 2 * 86_400_000)).toBe(
      true,
    );
  });

  it('took the paid units out of stock and left nothing reserved', async () => {
    const variants = await t.db
      .select()
      .from(storeVariants)
      .where(inArray(storeVariants.id, ['notebook-a5', 'candle-220', 'mug-sage']));
    const byId = new Map(variants.map((variant) => [variant.id, variant]));
    expect(byId.get('notebook-a5')).toMatchObject({ quantity: 38, reserved: 0 });
    expect(byId.get('candle-220')).toMatchObject({ quantity: 17, reserved: 0 });
    expect(byId.get('mug-sage')).toMatchObject({ quantity: 12, reserved: 0 });
  });

  it('places none, and lets the app start, when the storefront holds another catalogue', async () => {
    const other = await createTestApp();
    try {
      const context = seederContext(other);
      await demoAccountsSeeder.run(context);
      await seedTestCatalogue(other.db);
      await storeDemoOrdersSeeder.run(context);
      const rows = await other.db.select().from(orders).where(eq(orders.channel, 'store'));
      expect(rows).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
