import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreProductsResponse } from '@shared/store/store.schema';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { storeDemoSeeder } from './store-demo.seeder';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../web/public');

describe('demo storefront catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await storeDemoSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
    // A second start reuses the data.
    await storeDemoSeeder.run({
      db: t.db,
      orderWorkflow: t.app.orderWorkflow,
      config: t.config,
      log: t.app.log,
    });
  });
  afterAll(() => t.close());

  it('seeds at least 12 products with variants, sale prices, ribbons, stock kinds and a sold-out one', async () => {
    const { count, products } = (
      await t.app.inject({ method: 'GET', url: '/api/store/vendemas/products?limit=100' })
    ).json<StoreProductsResponse>();
    expect(count).toBeGreaterThanOrEqual(12);
    expect(products).toHaveLength(count);
    const variants = products.flatMap((p) => p.variants);
    expect(products.filter((p) => p.variants.length > 1).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.images.length > 1).length).toBeGreaterThanOrEqual(4);
    expect(products.filter((p) => p.sale_price_in_cents !== null).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((p) => p.ribbon_text).length).toBeGreaterThanOrEqual(3);
    expect(variants.some((v) => v.manage_inventory)).toBe(true);
    expect(variants.some((v) => !v.manage_inventory)).toBe(true);
    const soldOut = products.filter((p) =>
      p.variants.every((v) => v.manage_inventory && v.inventory_quantity === 0),
    );
    expect(soldOut.length).toBeGreaterThanOrEqual(1);
    for (const product of products.filter((p) => p.variants.length > 1)) {
      expect(product.options.map((o) => o.title)).toEqual(['Style']);
    }
  });

  it('uses only images kept in the repository, small enough to ship', async () => {
    const { products } = (
      await t.app.inject({ method: 'GET', url: '/api/store/vendemas/products?limit=100' })
    ).json<StoreProductsResponse>();
    const urls = new Set(
      products.flatMap((p) => [
        ...p.images.map((i) => i.url),
        ...p.variants.flatMap((v) => (v.image_url ? [v.image_url] : [])),
        ...(p.thumbnail ? [p.thumbnail] : []),
      ]),
    );
    let total = 0;
    for (const url of urls) {
      expect(url).toMatch(/^\/catalogue\/[\w-]+\.svg$/);
      const file = path.join(PUBLIC_DIR, url);
      expect(existsSync(file), url).toBe(true);
      total += statSync(file).size;
    }
    expect(total).toBeLessThan(300_000);
  });
});
