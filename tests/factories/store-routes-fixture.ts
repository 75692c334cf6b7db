import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { seedTestCatalogue } from './store-catalogue';
import { storeVariants } from '../../src/server/features/store-catalogue/store-catalogue.table';
import { createTestApp, type TestApp } from '../setup/test-app';

/** Where the storefront's test checkouts come from (the app's own origin). */
export const STORE_APP = 'http://localhost:3000';

/**
 * One test file's app for the storefront API, with the test catalogue in it.
 * `ready` hands the file its app before the first test; the helpers use it too.
 */
export function storeRoutesFixture(ready: (t: TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORE_CHECKOUT_RATE_LIMIT: '100' });
    await seedTestCatalogue(t.db);
    ready(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url }),
    post,
    checkout: (items: unknown, extra: Record<string, unknown> = {}) =>
      post('/api/store/vendemas/checkout', {
        items,
        successUrl: `${STORE_APP}/success`,
        cancelUrl: `${STORE_APP}/store`,
        locale: 'en-US',
        timeZone: 'Europe/Madrid',
        ...extra,
      }),
    async stock(id: string) {
      const [row] = await t.db.select().from(storeVariants).where(eq(storeVariants.id, id));
      return { quantity: row!.quantity, reserved: row!.reserved };
    },
    /** The order id and token in a hosted checkout address. */
    orderOf(url: string) {
      const parsed = new URL(url);
      return { id: parsed.pathname.split('/').pop()!, token: parsed.searchParams.get('token')! };
    },
  };
}
