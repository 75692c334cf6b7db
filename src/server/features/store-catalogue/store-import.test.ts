import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { importCatalogueFile } from './store-import.command';
import { storeProducts } from './store-catalogue.table';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'store-import-'));
const write = (name: string, content: unknown) => {
  const file = path.join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
};

const good = {
  products: [
    {
      id: 'imported-tee',
      title: 'Organic Tee',
      images: [{ url: '/catalogue/tote-natural.svg' }],
      options: [{ id: 'style', title: 'Style' }],
      variants: [
        {
          id: 'tee-white',
          title: 'White',
          prices: [{ amount: 2500, sale_amount: 1990, currency_code: 'EUR' }],
          manage_inventory: true,
          inventory_quantity: 7,
          options: [{ option_id: 'style', value: 'White' }],
        },
        {
          id: 'tee-black',
          title: 'Black',
          prices: [{ amount: 2500 }],
          options: [{ option_id: 'style', value: 'Black' }],
        },
      ],
    },
  ],
};

describe('npm run store:import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('imports a catalogue in the API shape, and a second run replaces the same ids', async () => {
    const file = write('good.json', good);
    expect(await importCatalogueFile(t.db, file)).toEqual({ ok: true, products: 1, variants: 2 });
    expect(await importCatalogueFile(t.db, file)).toEqual({ ok: true, products: 1, variants: 2 });
    expect(await t.db.$count(storeProducts)).toBe(1);
    const product = (
      await t.app.inject({ method: 'GET', url: '/api/store/vendemas/products/imported-tee' })
    ).json();
    expect(product).toMatchObject({
      title: 'Organic Tee',
      price_in_cents: 2500,
      sale_price_in_cents: 1990,
      currency: 'eur',
      thumbnail: '/catalogue/tote-natural.svg',
    });
    expect(
      product.variants.map((v: { inventory_quantity: number }) => v.inventory_quantity),
    ).toEqual([7, 0]);
  });

  it('reports every problem of a bad file with its path and writes nothing', async () => {
    const before = await t.db.$count(storeProducts);
    const bad = {
      products: [
        { ...good.products[0], id: 'new-one' },
        {
          title: '',
          images: [{ url: 'http://insecure.example/a.png' }],
          variants: [
            {
              title: 'One',
              prices: [{ amount: -5 }],
              options: [{ option_id: 'colour', value: 'Red' }],
            },
          ],
        },
      ],
    };
    const result = await importCatalogueFile(t.db, write('bad.json', bad));
    expect(result.ok).toBe(false);
    const problems = result.ok ? [] : result.problems;
    const paths = problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'products[1].title',
        'products[1].images[0].url',
        'products[1].variants[0].prices[0].amount',
        'products[1].variants[0].options[0].option_id',
      ]),
    );
    expect(problems.find((p) => p.path === 'products[1].images[0].url')?.message).toContain(
      'https://',
    );
    expect(await t.db.$count(storeProducts)).toBe(before);
  });

  it('reports a file that is not JSON', async () => {
    const result = await importCatalogueFile(t.db, write('broken.json', '{"products": ['));
    expect(result).toMatchObject({ ok: false, problems: [{ path: '(file)' }] });
  });

  it('the command prints the problems and exits 1 for a bad file', () => {
    const run = spawnSync(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/store-import.ts', write('cli-bad.json', { products: [{ title: 'No variants' }] })],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: dir } },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('nothing was imported');
    expect(run.stderr).toContain('products[0].variants:');
  });
});
