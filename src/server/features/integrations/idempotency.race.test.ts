import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createApiKeyFor } from '../../../../tests/factories/api-keys';
import { createPayWorld, type PayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { products } from '../products/products.table';
import { IDEMPOTENCY_TTL_MS, sweepIdempotencyKeys } from './idempotency.service';
import { idempotencyKeys } from './idempotency.table';

/* PGlite serialises every request: only a PostgreSQL server races them for real. */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'Idempotency-Key raced on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let world: PayWorld;
    beforeAll(async () => {
      t = await createTestApp({ ...UNLIMITED_PAY_ENV, API_KEY_RATE_LIMIT: '100000' });
      world = await createPayWorld(t);
    });
    afterAll(() => t?.close());

    it('runs a panel POST sent many times at once with one key exactly once', async () => {
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/company/products',
          headers: {
            cookie: world.company.cookie,
            origin: t.config.appUrl,
            'idempotency-key': 'alta-termo-1',
          },
          payload: { title: 'Termo acero 1 l', price_cents: 3_000_000, stock: 4 },
        });
      const answers = await Promise.all(Array.from({ length: 12 }, send));
      const statuses = answers.map((answer) => answer.statusCode);
      const fresh = answers.filter(
        (answer) => answer.statusCode === 201 && !answer.headers['idempotent-replayed'],
      );
      expect(fresh).toHaveLength(1);
      expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
      for (const answer of answers.filter((answer) => answer.statusCode === 409)) {
        expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      }
      const made = await t.db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.companyId, world.company.id), eq(products.title, 'Termo acero 1 l')),
        );
      expect(made).toEqual([{ id: fresh[0]!.json().id }]);
      // Later tries of the same key are answered from the first.
      const later = await send();
      expect(later.headers['idempotent-replayed']).toBe('true');
      expect(later.json().id).toBe(fresh[0]!.json().id);
    });

    it('runs a public API PATCH raced with one key once, and forgets keys after 24 h', async () => {
      const { key } = await createApiKeyFor(t, world.company);
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          callApi(t, key, 'PATCH', `/products/${world.productId}`, {
            payload: { stock: 15 },
            headers: { 'idempotency-key': 'stock-15' },
          }),
        ),
      );
      const fresh = answers.filter(
        (answer) => answer.statusCode === 200 && !answer.headers['idempotent-replayed'],
      );
      expect(fresh).toHaveLength(1);
      expect(answers.every((answer) => [200, 409].includes(answer.statusCode))).toBe(true);

      const dayLater = new Date(Date.now() + IDEMPOTENCY_TTL_MS + 1000);
      expect(await sweepIdempotencyKeys(t.db, dayLater)).toBeGreaterThanOrEqual(2);
      expect(
        await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'stock-15')),
      ).toEqual([]);
    });
  },
);
