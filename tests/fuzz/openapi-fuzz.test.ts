import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath } from '../setup/openapi-routes';
import {
  AUTH_ROUTES,
  bodyVariants,
  CALENDAR_NAME,
  CALENDAR_VALUES,
  deep,
  MULTIPART_BODIES,
  NUL,
  PATH_VALUES,
  PERIODS,
  QUERY_VALUES,
  type Schema,
} from './malformed-inputs';
import { startRemoteApp, type RemoteApp } from './remote-app';

/**
 * Walks the OpenAPI document and sends malformed variants of every route's
 * path, query and body (plus Better Auth's endpoints, the multipart sign-up and
 * the webhooks, which the document hides), with the calendar's edges for every
 * day and month: none may answer 5xx, and after each one /api/health must
 * still answer within HEALTH_LIMIT_MS. The app runs in a process of its own
 * (remote-app.ts), so a request that holds its event loop fails the test
 * instead of hanging it.
 */

/** How long /api/health may take after any request: a loop held by that request never answers. */
const HEALTH_LIMIT_MS = 1_000;
/** How long one malformed request may take (the largest bodies are 100,000 characters). */
const REQUEST_LIMIT_MS = 15_000;

describe('malformed input on every route', () => {
  let app: RemoteApp;
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    app = await startRemoteApp({
      AUTH_RATE_LIMIT: '1000000',
      SUPPORT_RATE_LIMIT: '1000000',
      STORE_CHECKOUT_RATE_LIMIT: '1000000',
    });
  }, 120_000);
  afterAll(() => app?.close());

  function cookieFor(path: string): string {
    const role = /^\/api\/(company|seller|admin)\//.exec(path)?.[1];
    return role ? (app.cookies[role] ?? '') : (app.cookies.seller ?? '');
  }

  /** Raised when the app stops answering: the rest of the walk would only wait on it. */
  class AppStuck extends Error {}

  async function send(label: string, options: InjectOptions) {
    requests += 1;
    const response = await app.inject(options, REQUEST_LIMIT_MS);
    if (!response) {
      failures.push(`${label}: no answer within ${REQUEST_LIMIT_MS} ms`);
    } else if (response.statusCode >= 500) {
      failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    const health = await app.inject({ method: 'GET', url: '/api/health' }, HEALTH_LIMIT_MS);
    if (health?.statusCode !== 200) {
      failures.push(
        `${label}: /api/health did not answer within ${HEALTH_LIMIT_MS} ms after it (${health?.statusCode ?? 'no answer'})`,
      );
      throw new AppStuck(label);
    }
    return response;
  }

  async function walk() {
    const routes = [...app.routes, ...AUTH_ROUTES];
    expect(routes.length).toBeGreaterThan(15);

    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const url = fillPath(route.path, { storeId: app.storeId });
      const headers = { cookie: cookieFor(route.path), origin: app.appUrl };
      const noBody = method === 'GET' ? {} : { payload: {} };

      for (const name of route.pathParams) {
        const values = CALENDAR_NAME.test(name)
          ? [...PATH_VALUES, ...CALENDAR_VALUES]
          : PATH_VALUES;
        for (const value of values) {
          const path = route.path.replace(`{${name}}`, value === NUL ? '%00' : value);
          await send(`${method} ${route.path} path ${name}=${JSON.stringify(value).slice(0, 30)}`, {
            method,
            url: fillPath(path, { storeId: app.storeId }),
            headers,
            ...noBody,
          });
        }
      }

      for (const name of [...route.queryParams, 'desconocido']) {
        const values = CALENDAR_NAME.test(name)
          ? [...QUERY_VALUES, ...CALENDAR_VALUES]
          : QUERY_VALUES;
        for (const value of values) {
          const query = `${encodeURIComponent(name)}=${value === '%00' ? value : encodeURIComponent(value)}`;
          await send(`${method} ${route.path} query ${name}=${value.slice(0, 30)}`, {
            method,
            url: `${url}?${query}&${query}`,
            headers,
            ...noBody,
          });
          if (CALENDAR_NAME.test(name)) {
            await send(`${method} ${route.path} query ${name}=${value.slice(0, 30)} once`, {
              method,
              url: `${url}?${query}`,
              headers,
              ...noBody,
            });
          }
        }
      }
      if (route.queryParams.includes('from') && route.queryParams.includes('to')) {
        for (const [from, to] of PERIODS) {
          await send(`${method} ${route.path} period ${from}..${to}`, {
            method,
            url: `${url}?from=${from}&to=${to}`,
            headers,
            ...noBody,
          });
        }
      }

      if (method !== 'GET') {
        for (const variant of bodyVariants(route.bodySchema as Schema | undefined)) {
          const raw = variant && typeof variant === 'object' && 'raw' in variant;
          const payload = raw ? (variant as { raw: string }).raw : JSON.stringify(variant);
          await send(`${method} ${route.path} body ${payload.slice(0, 80)}`, {
            method,
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload,
          });
        }
        for (const contentType of [
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
        ]) {
          await send(`${method} ${route.path} as ${contentType}`, {
            method,
            url,
            headers: { ...headers, 'content-type': contentType },
            payload: 'a=1&b=%00',
          });
        }
      }
    }

    for (const body of MULTIPART_BODIES) {
      for (const url of ['/api/register', '/api/public/support']) {
        await send(`POST ${url} multipart ${body.name}`, {
          method: 'POST',
          url,
          headers: { origin: app.appUrl, 'content-type': body.contentType },
          payload: body.body,
        });
      }
    }

    const webhooks = [
      '/api/webhooks/stripe',
      '/api/webhooks/stripe/connect',
      '/api/webhooks/stripe/00000000-0000-4000-8000-000000000000',
      '/api/webhooks/mercadopago/00000000-0000-4000-8000-000000000000?data.id=1&type=payment',
      `/api/webhooks/mercadopago/${'x'.repeat(300)}?data.id[]=1&type[a]=b`,
    ];
    for (const url of webhooks) {
      for (const payload of [
        '',
        '{',
        'null',
        '[]',
        '{"data":null}',
        '{"type":{"toString":1},"data":{"id":{"valueOf":1}}}',
        deep(5_000),
        JSON.stringify({ id: NUL }),
      ]) {
        await send(`POST ${url} ${payload.slice(0, 20)}`, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          payload,
        });
      }
    }
  }

  it('never answers 5xx to a malformed path, query or body, and never holds the server', async () => {
    try {
      await walk();
    } catch (error) {
      if (!(error instanceof AppStuck)) throw error;
      await app.close({ force: true });
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  }, 420_000);
});
