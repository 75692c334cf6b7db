import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/factories/accounts';
import { STORE_BUYER } from '../../../tests/factories/store-buyer';
import { documentedRoutes, fillPath } from '../../../tests/setup/openapi-routes';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { supportMessages } from '../features/support/support.table';
import { orders as storeOrders } from '../features/orders/orders.table';
import { seedTestCatalogue } from '../../../tests/factories/store-catalogue';

const EVIL = 'https://evil.example';
/** Better Auth's state-changing endpoints (hidden from the OpenAPI document). */
const AUTH_POSTS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/revoke-sessions',
];

describe('the origin check on state-changing requests', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedTestCatalogue(t.db);
    adminCookie = (await createUser(t.app, { role: 'admin' })).cookie;
  });
  afterAll(() => t.close());

  async function stateChangingRoutes() {
    const documented = (await documentedRoutes(t.app))
      // The public API reads no cookie, only a bearer key: nothing for a forged request to ride on.
      .filter((route) => route.method !== 'GET' && !route.path.startsWith('/api/v1/'))
      .map((route) => ({
        method: route.method,
        url: fillPath(route.path, { storeId: 'vendemas' }),
      }));
    return [...documented, ...AUTH_POSTS.map((url) => ({ method: 'POST', url }))];
  }

  it('refuses every non-GET route from another origin with a Spanish 403', async () => {
    const routes = await stateChangingRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      for (const headers of [
        { origin: EVIL },
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'null' },
      ]) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: { ...headers, cookie: adminCookie },
          payload: {},
        });
        expect(response.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(
          403,
        );
        expect(response.json().error).toEqual({
          code: 'FORBIDDEN_ORIGIN',
          message: expect.stringMatching(/no viene de este sitio/),
        });
      }
    }
  });

  it('changes nothing: a forged transfer confirmation leaves the order waiting', async () => {
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/store/vendemas/checkout',
      headers: { origin: t.config.appUrl },
      payload: {
        items: [{ variant_id: 'lamp-walnut', quantity: 1 }],
        successUrl: `${t.config.appUrl}/success`,
        cancelUrl: `${t.config.appUrl}/store`,
      },
    });
    const url = new URL(checkout.json().url);
    const id = url.pathname.split('/').pop() ?? '';
    const token = url.searchParams.get('token') ?? '';
    const pay = await t.app.inject({
      method: 'POST',
      url: `/api/store/vendemas/checkout/${id}/pay`,
      headers: { origin: t.config.appUrl },
      payload: {
        token,
        buyer: STORE_BUYER,
      },
    });
    expect(pay.statusCode).toBe(200);

    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/admin/store/orders/${id}/confirm-transfer`,
      headers: { origin: EVIL, cookie: adminCookie },
    });
    expect(forged.statusCode).toBe(403);
    const [order] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, id));
    expect(order?.status).toBe('pending_transfer');

    const own = await t.app.inject({
      method: 'POST',
      url: `/api/admin/store/orders/${id}/confirm-transfer`,
      headers: { origin: t.config.appUrl, cookie: adminCookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it('lets same-origin requests and requests without browser headers through', async () => {
    const body = {
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Necesito ayuda con mi cuenta.',
    };
    const before = await t.db.$count(supportMessages);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/public/support',
      headers: { origin: EVIL },
      payload: body,
    });
    expect(forged.statusCode).toBe(403);
    expect(await t.db.$count(supportMessages)).toBe(before);

    for (const headers of [{ origin: t.config.appUrl }, { 'sec-fetch-site': 'same-origin' }, {}]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/public/support',
        headers,
        payload: body,
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(201);
    }
  });

  it('leaves payment webhooks to their signature check', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('the origin check compares whole origins', () => {
  const APP = 'https://app.example.com';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: APP });
  });
  afterAll(() => t.close());

  const send = (origin: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/support',
      headers: { origin },
      payload: { name: 'Ana', email: 'ana@example.com', message: 'Necesito ayuda con mi cuenta.' },
    });

  it('refuses an origin that only starts like the app’s', async () => {
    for (const origin of [
      `${APP}.evil.com`,
      `${APP}x`,
      `${APP}:8443`,
      `${APP}-evil.example`,
      'http://app.example.com',
    ]) {
      const response = await send(origin);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json().error.code, origin).toBe('FORBIDDEN_ORIGIN');
    }
    expect((await send(APP)).statusCode).toBe(201);
  });
});
