import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from '../accounts/demo-accounts.seeder';
import { sellerTallyFromOrders } from '../orders/orders.service';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';
import { findUserByEmail } from '../auth/users.service';
import { sellerTally } from '../../../../tests/factories/pay-world';
import { payDemoSeeder } from './pay-demo.seeder';

describe('demo business', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    await demoAccountsSeeder.run({ db: t.db, config: t.config, log: t.app.log });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  it('gives the demo company products with pictures and a month of orders, once, with consistent points', async () => {
    await payDemoSeeder.run({ db: t.db, config: t.config, log: t.app.log });
    await payDemoSeeder.run({ db: t.db, config: t.config, log: t.app.log });
    const rows = await t.db.select().from(products);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.images.length === 1)).toBe(true);
    const all = await t.db.select().from(orders);
    expect(all).toHaveLength(18);
    expect(new Set(all.map((order) => order.status))).toEqual(
      new Set(['approved', 'delivered', 'refunded', 'pending_payment', 'pending_transfer']),
    );
    const seller = await findUserByEmail(
      t.db,
      DEMO_ACCOUNTS.find((account) => account.role === 'seller')!.email,
    );
    const tally = await sellerTally(t, seller!.id);
    expect(tally.sales).toBeGreaterThan(0);
    expect(tally).toEqual(await sellerTallyFromOrders(t.db, seller!.id));
  });
});
