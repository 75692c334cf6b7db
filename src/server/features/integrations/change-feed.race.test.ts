import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createApiKeyFor } from '../../../../tests/factories/api-keys';
import { companyCall, createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';

/*
 * PGlite is one connection: transactions there never overlap, so committing
 * out of order cannot happen. These need a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

interface SeenProduct {
  id: string;
  stock: number;
  updated_at: string;
}

describe.skipIf(!serverUrl)(
  'the public API cursor under concurrent changes, on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let world: PayWorld;
    let key: string;
    const productIds: string[] = [];
    beforeAll(async () => {
      t = await createTestApp({ ...UNLIMITED_PAY_ENV, API_KEY_RATE_LIMIT: '100000' });
      world = await createPayWorld(t);
      ({ key } = await createApiKeyFor(t, world.company));
      productIds.push(world.productId);
      for (let i = 1; i < 8; i += 1) {
        const created = await companyCall(t, world.company, 'POST', '/products', {
          title: `Producto ${i}`,
          price_cents: 100_000 + i,
          stock: 0,
        });
        productIds.push(created.json().id as string);
      }
    });
    afterAll(() => t?.close());

    /** Reads every page from `cursor` on; the products seen, by id, latest last. */
    async function follow(cursor: string | null, seen: Map<string, SeenProduct>) {
      let next = cursor;
      for (;;) {
        const page = await callApi(
          t,
          key,
          'GET',
          `/products?limit=3${next ? `&cursor=${next}` : ''}`,
        );
        expect(page.statusCode).toBe(200);
        const body = page.json();
        for (const product of body.data as SeenProduct[]) seen.set(product.id, product);
        next = body.next_cursor;
        if (!body.has_more) return next;
      }
    }

    it('does not let a change committed late fall behind a cursor the client already holds', async () => {
      const seen = new Map<string, SeenProduct>();
      let cursor = await follow(null, seen);
      const [early, late] = productIds as [string, string];

      // A transaction writes `early` first and commits last; `late` is written and committed meanwhile.
      const slow = new pg.Client({ connectionString: t.config.databaseUrl });
      await slow.connect();
      try {
        await slow.query('begin');
        await slow.query('update products set stock = 41, updated_at = now() where id = $1', [
          early,
        ]);
        const patched = await callApi(t, key, 'PATCH', `/products/${late}`, {
          payload: { stock: 42 },
        });
        expect(patched.statusCode).toBe(200);
        cursor = await follow(cursor, seen);
        await slow.query('commit');
      } finally {
        await slow.end();
      }
      // Once no older transaction runs, the client's next pages hold both changes.
      for (let tries = 0; tries < 50; tries += 1) {
        cursor = await follow(cursor, seen);
        if (seen.get(early)?.stock === 41 && seen.get(late)?.stock === 42) break;
        await sleep(100);
      }
      expect(seen.get(early)?.stock).toBe(41);
      expect(seen.get(late)?.stock).toBe(42);
    });

    it('misses no change while many concurrent updates land as the client pages', async () => {
      const seen = new Map<string, SeenProduct>();
      let cursor = await follow(null, seen);
      let writing = true;
      const written = new Map<string, number>();
      const writer = async (worker: number) => {
        for (let round = 0; round < 12; round += 1) {
          const id = productIds[(worker + round) % productIds.length]!;
          const stock = worker * 1000 + round;
          const patched = await callApi(t, key, 'PATCH', `/products/${id}`, { payload: { stock } });
          expect(patched.statusCode).toBe(200);
        }
      };
      const reader = (async () => {
        while (writing) {
          cursor = await follow(cursor, seen);
          await sleep(5);
        }
      })();
      await Promise.all([1, 2, 3, 4, 5, 6].map((worker) => writer(worker)));
      writing = false;
      await reader;
      const final = await Promise.all(
        productIds.map(async (id) => {
          const product = (await callApi(t, key, 'GET', `/products/${id}`)).json() as SeenProduct;
          written.set(id, product.stock);
          return product;
        }),
      );
      // The client keeps its cursor and asks again: it converges on every product's final state.
      for (let tries = 0; tries < 50; tries += 1) {
        cursor = await follow(cursor, seen);
        if (final.every((product) => seen.get(product.id)?.updated_at === product.updated_at))
          break;
        await sleep(100);
      }
      for (const product of final) {
        expect(seen.get(product.id)).toMatchObject({
          stock: written.get(product.id),
          updated_at: product.updated_at,
        });
      }
    });
  },
);
