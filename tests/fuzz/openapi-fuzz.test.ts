import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTestCatalogue } from '../../src/server/features/store-catalogue/store-test-helpers';
import { createUser } from '../factories/accounts';
import { documentedRoutes, fillPath, type DocumentedRoute } from '../setup/openapi-routes';
import { createTestApp, type TestApp } from '../setup/test-app';
import { TEST_PASSWORD } from '../factories/test-password';

/**
 * Walks the OpenAPI document and sends malformed variants of every route's
 * path, query and body (plus Better Auth's endpoints, the multipart sign-up and
 * the webhooks, which the document hides): none may answer 5xx.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: Json[];
  const?: Json;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  minLength?: number;
  minItems?: number;
};

const UUID = '00000000-0000-4000-8000-000000000000';
const NUL = 'a\u0000b';
const HUGE = 10 ** 15;
const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

/** A plausible value for a schema, so that mutations reach past the first check. */
function sample(schema: Schema | undefined, depth = 0): Json {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sample(choice, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const value: Record<string, Json> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        value[key] = sample(property, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email') return 'ana@example.com';
      if (schema.format === 'uri') return 'http://localhost:3000/store';
      if (schema.format === 'uuid') return UUID;
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'x';
  }
}

const BAD_VALUES: Json[] = [
  null,
  NUL,
  '',
  'x'.repeat(100_000),
  -1,
  HUGE,
  1e308,
  2 ** 31,
  1.5,
  true,
  [],
  {},
  [NUL],
  { [NUL]: NUL },
];

/** Every top-level field replaced by each bad value, and whole bodies of the wrong shape. */
function bodyVariants(schema: Schema | undefined): (Json | { raw: string })[] {
  const base = sample(schema);
  const variants: (Json | { raw: string })[] = [
    null,
    [],
    'texto',
    HUGE,
    { [NUL]: 1 },
    { raw: deep(5_000) },
    { raw: `{"a":${deep(2_000)}}` },
    { raw: '{"a": "sin cerrar' },
    { raw: '{"a":1,}' },
    { raw: '' },
    { raw: '\uFEFF{}' },
    { raw: JSON.stringify(base).replace(/"x"/, '"\\u0000"') },
  ];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const key of Object.keys(base)) {
      for (const bad of BAD_VALUES) variants.push({ ...base, [key]: bad });
      const inner = base[key];
      if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
        for (const innerKey of Object.keys(inner)) {
          for (const bad of [NUL, HUGE, null, -1]) {
            variants.push({ ...base, [key]: { ...inner, [innerKey]: bad } });
          }
        }
      }
      if (Array.isArray(inner) && inner[0] && typeof inner[0] === 'object') {
        const item = inner[0] as Record<string, Json>;
        for (const itemKey of Object.keys(item)) {
          for (const bad of [NUL, HUGE, 2 ** 31, -1, null]) {
            variants.push({ ...base, [key]: [{ ...item, [itemKey]: bad }] });
          }
        }
        variants.push({ ...base, [key]: Array.from({ length: 10_000 }, () => item) });
      }
    }
  }
  return variants;
}

const PATH_VALUES = [
  NUL,
  'x'.repeat(5_000),
  '..%2F..%2Fetc',
  '%E0%A4%A',
  '-1',
  '9'.repeat(40),
  'ñandú 🙂',
];
const QUERY_VALUES = [
  NUL,
  '%00',
  '-1',
  '1e400',
  '99999999999999999999',
  'abc',
  '',
  'x'.repeat(10_000),
];

/** Better Auth's endpoints, hidden from the document. */
const AUTH_ROUTES: DocumentedRoute[] = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/send-verification-email',
  '/api/auth/verify-email',
].map((path) => ({
  method: 'POST',
  path,
  pathParams: [],
  queryParams: ['token', 'callbackURL'],
  bodySchema: {
    type: 'object',
    properties: {
      email: { type: 'string', format: 'email' },
      password: { type: 'string', minLength: 8 },
      newPassword: { type: 'string', minLength: 8 },
      token: { type: 'string' },
      redirectTo: { type: 'string' },
      callbackURL: { type: 'string' },
    },
  },
}));

const BOUNDARY = '----vendemasfuzz';
function multipart(parts: string[], close = true): string {
  return (
    parts.map((part) => `--${BOUNDARY}\r\n${part}\r\n`).join('') +
    (close ? `--${BOUNDARY}--\r\n` : '')
  );
}
const field = (name: string, value: string) =>
  `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
const REGISTER_FIELDS = [
  field('name', 'Ana Pérez'),
  field('email', 'ana.fuzz@example.com'),
  field('password', TEST_PASSWORD),
  field('confirmPassword', TEST_PASSWORD),
  field('role', 'seller'),
  field('province', 'Córdoba'),
];
const MULTIPART_BODIES: { name: string; contentType: string; body: string | Buffer }[] = [
  {
    name: 'truncated',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(REGISTER_FIELDS).slice(0, 150),
  },
  {
    name: 'unclosed',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(REGISTER_FIELDS, false),
  },
  { name: 'no boundary', contentType: 'multipart/form-data', body: multipart(REGISTER_FIELDS) },
  {
    name: 'wrong boundary',
    contentType: 'multipart/form-data; boundary=otra',
    body: multipart(REGISTER_FIELDS),
  },
  {
    name: 'header garbage',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `--${BOUNDARY}\r\nesto no es un encabezado\r\n\r\nx\r\n--${BOUNDARY}--\r\n`,
  },
  {
    name: 'NUL in a field',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart([...REGISTER_FIELDS.slice(1), field('name', NUL)]),
  },
  {
    name: 'NUL in a field name',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart([...REGISTER_FIELDS, field(NUL, 'x')]),
  },
  {
    name: 'many fields',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: multipart(Array.from({ length: 200 }, (_, i) => field(`f${i}`, 'x'))),
  },
  {
    name: 'document cut short',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: `${multipart(REGISTER_FIELDS, false)}--${BOUNDARY}\r\nContent-Disposition: form-data; name="document"; filename="dni.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cortado`,
  },
  { name: 'empty', contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: '' },
];

describe('malformed input on every route', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const failures: string[] = [];
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT: '1000000',
      SUPPORT_RATE_LIMIT: '1000000',
      STORE_CHECKOUT_RATE_LIMIT: '1000000',
    });
    await seedTestCatalogue(t.db);
    for (const role of ['company', 'seller', 'admin'] as const) {
      cookies[role] = (await createUser(t.app, { role })).cookie;
    }
  });
  afterAll(() => t.close());

  function cookieFor(path: string): string {
    const role = /^\/api\/(company|seller|admin)\//.exec(path)?.[1];
    return role ? (cookies[role] ?? '') : (cookies.seller ?? '');
  }

  async function send(label: string, options: InjectOptions) {
    requests += 1;
    const response = await t.app.inject(options);
    if (response.statusCode >= 500) {
      failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    return response;
  }

  it('never answers 5xx to a malformed path, query or body', async () => {
    const routes = [...(await documentedRoutes(t.app)), ...AUTH_ROUTES];
    expect(routes.length).toBeGreaterThan(15);

    for (const route of routes) {
      const method = route.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
      const url = fillPath(route.path, { storeId: 'vendemas' });
      const headers = { cookie: cookieFor(route.path), origin: t.config.appUrl };

      for (const name of route.pathParams) {
        for (const value of PATH_VALUES) {
          const path = route.path.replace(`{${name}}`, value === NUL ? '%00' : value);
          await send(`${method} ${route.path} path ${name}=${JSON.stringify(value).slice(0, 30)}`, {
            method,
            url: fillPath(path, { storeId: 'vendemas' }),
            headers,
            ...(method === 'GET' ? {} : { payload: {} }),
          });
        }
      }

      for (const name of [...route.queryParams, 'desconocido']) {
        for (const value of QUERY_VALUES) {
          const query = `${encodeURIComponent(name)}=${value === '%00' ? value : encodeURIComponent(value)}`;
          await send(`${method} ${route.path} query ${name}=${value.slice(0, 30)}`, {
            method,
            url: `${url}?${query}&${query}`,
            headers,
            ...(method === 'GET' ? {} : { payload: {} }),
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
          headers: { origin: t.config.appUrl, 'content-type': body.contentType },
          payload: body.body,
        });
      }
    }

    for (const url of ['/api/webhooks/stripe']) {
      for (const payload of ['', '{', deep(5_000), JSON.stringify({ id: NUL })]) {
        await send(`POST ${url} ${payload.slice(0, 20)}`, {
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
          payload,
        });
      }
    }

    expect(requests).toBeGreaterThan(500);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);
});
