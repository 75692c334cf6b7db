import type { DocumentedRoute } from '../setup/openapi-routes';
import { TEST_PASSWORD } from '../factories/test-password';
import {
  CALENDAR_EDGE_DAYS,
  NOT_CALENDAR_DAYS,
  NOT_CALENDAR_MONTHS,
} from '../factories/calendar-edges';

/**
 * The malformed inputs of the fuzz test (openapi-fuzz.test.ts): bad values for
 * paths, queries and JSON fields, bodies of the wrong shape, broken multipart
 * forms, and the calendar's edges for every day and month.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = {
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
export const NUL = 'a\u0000b';
const HUGE = 10 ** 15;
export const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

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
export function bodyVariants(schema: Schema | undefined): (Json | { raw: string })[] {
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
      if (CALENDAR_NAME.test(key)) {
        for (const value of CALENDAR_VALUES) variants.push({ ...base, [key]: value });
      }
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

export const PATH_VALUES = [
  NUL,
  'x'.repeat(5_000),
  '..%2F..%2Fetc',
  '%E0%A4%A',
  '-1',
  '9'.repeat(40),
  'ñandú 🙂',
];
export const QUERY_VALUES = [
  NUL,
  '%00',
  '-1',
  '1e400',
  '99999999999999999999',
  'abc',
  '',
  'x'.repeat(10_000),
];

/** Names of parameters and fields that hold a day, a month or a moment. */
export const CALENDAR_NAME =
  /^(from|to|day|date|month|since|until)$|_(date|day|month|on|at|since|until)$/;
export const CALENDAR_VALUES = [
  ...NOT_CALENDAR_DAYS,
  ...NOT_CALENDAR_MONTHS,
  ...CALENDAR_EDGE_DAYS,
  '2100-12',
  '2000-01',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T12:00:00-03:00',
  '2100-12-31T23:59:59.999Z',
];
/** Both ends of a period at once: the widest, reversed, one day too long, far, a leap day. */
export const PERIODS: [string, string][] = [
  ['2000-01-01', '2100-12-31'],
  ['2100-12-31', '2000-01-01'],
  ['2025-01-01', '2026-01-02'],
  ['2100-12-31', '9999-12-31'],
  ['0000-01-01', '2000-01-01'],
  ['2024-02-29', '2024-02-29'],
  ['2100-12-01', '2100-12-31'],
];

/** Better Auth's endpoints, hidden from the document. */
export const AUTH_ROUTES: DocumentedRoute[] = [
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
export const MULTIPART_BODIES: { name: string; contentType: string; body: string | Buffer }[] = [
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
