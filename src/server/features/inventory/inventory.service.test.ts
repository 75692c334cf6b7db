import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { products } from '../products/products.table';
import { moveProductUnits, release, reserveProductUnits, returnUnits } from './inventory.service';

describe('inventory: a payment-link product’s units', () => {
  let t: TestApp;
  let world: PayWorld;

  const units = async () => {
    const [row] = await t.db
      .select({ stock: products.stock, held: products.heldUnits })
      .from(products)
      .where(eq(products.id, world.productId));
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    world = await createPayWorld(t, { stock: 10 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db
      .update(products)
      .set({ stock: 10, heldUnits: 0, isActive: true, priceCents: 1_000_000, commissionBps: 1000 })
      .where(eq(products.id, world.productId));
  });

  it('holds units while there are enough, and takes none when there are not', async () => {
    const held = await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 4));
    expect(held?.stock).toBe(6);
    expect(await units()).toEqual({ stock: 6, held: 4 });
    const refused = await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 7));
    expect(refused).toBeNull();
    expect(await units()).toEqual({ stock: 6, held: 4 });
  });

  it('takes units only at the price and commission the order was written with', async () => {
    const pricedAs = { priceCents: 1_000_000, commissionBps: 1000 };
    const changed = { priceCents: 1_000_000, commissionBps: 1200 };
    expect(
      await t.db.transaction((tx) =>
        reserveProductUnits(tx, world.productId, 1, { pricedAs: changed }),
      ),
    ).toBeNull();
    expect(
      await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 1, { pricedAs })),
    ).not.toBeNull();
    expect(await units()).toEqual({ stock: 9, held: 1 });
  });

  it('sells nothing of an inactive product, unless an order comes back to life', async () => {
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, world.productId));
    expect(await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 1))).toBeNull();
    const revived = await t.db.transaction((tx) =>
      reserveProductUnits(tx, world.productId, 1, { evenIfInactive: true }),
    );
    expect(revived).not.toBeNull();
  });

  it('keeps unpaid orders within their share of the stock', async () => {
    // Half of 10 units at most may be held unpaid.
    const share = { unpaidShareBps: 5000 };
    expect(
      await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 5, share)),
    ).not.toBeNull();
    expect(
      await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 1, share)),
    ).toBeNull();
    expect(await units()).toEqual({ stock: 5, held: 5 });
  });

  it('moves an order’s units between held, sold and free, and back to stock', async () => {
    const line = { item: { kind: 'product' as const, id: world.productId }, quantity: 3 };
    await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 3));
    await t.db.transaction((tx) => moveProductUnits(tx, world.productId, 3, 'held', 'sold'));
    expect(await units()).toEqual({ stock: 7, held: 0 });
    await t.db.transaction((tx) => returnUnits(tx, line));
    expect(await units()).toEqual({ stock: 10, held: 0 });

    await t.db.transaction((tx) => reserveProductUnits(tx, world.productId, 3));
    await t.db.transaction((tx) => release(tx, line));
    expect(await units()).toEqual({ stock: 10, held: 0 });
  });

  it('refuses to sell from stock that is gone, and never holds below zero', async () => {
    const taken = await t.db.transaction((tx) =>
      moveProductUnits(tx, world.productId, 11, 'free', 'sold'),
    );
    expect(taken).toBe(false);
    // An order placed before held units were counted holds none: releasing it keeps 0.
    await t.db.transaction((tx) => moveProductUnits(tx, world.productId, 2, 'held', 'free'));
    expect(await units()).toEqual({ stock: 12, held: 0 });
  });
});
