import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERIOD_MESSAGES } from '../../src/shared/messages';
import { createUser, type CreatedUser } from '../factories/accounts';
import { CALENDAR_EDGE_DAYS } from '../factories/calendar-edges';
import { createTestApp, type TestApp } from '../setup/test-app';

/**
 * API.md "Account security": every day a request names is a real calendar day
 * from 2000-01-01 to 2100-12-31 and a period is at most 366 days, on every
 * route that takes one; anything else is 400 INVALID_PERIOD, never a 500 and
 * never a request that runs on.
 */

/** The days the issue named, each refused wherever a day is taken. */
const REFUSED_DAYS = [
  '9999-12-31',
  '2026-02-30',
  '2026-11-31',
  '0000-01-01',
  '1999-12-31',
  '2101-01-01',
];
const REFUSED_MONTHS = ['9999-12', '0000-01', '1999-12', '2101-01', '2026-13', '2026-00'];
/** 367 days: one more than any period may have. */
const TOO_LONG = 'from=2025-01-01&to=2026-01-02';

describe('days, months and periods in requests (API.md "Account security")', () => {
  let t: TestApp;
  const users = {} as Record<'company' | 'seller' | 'admin', CreatedUser>;

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['company', 'seller', 'admin'] as const) {
      users[role] = await createUser(t.app, { role });
    }
  });
  afterAll(() => t?.close());

  const call = (role: keyof typeof users, options: InjectOptions) =>
    t.app.inject({
      ...options,
      headers: { cookie: users[role].cookie, origin: t.config.appUrl, ...options.headers },
    });

  async function expectRefused(role: keyof typeof users, options: InjectOptions, label: string) {
    const response = await call(role, options);
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(400);
    const { error } = response.json<{ error: { code: string; message: string } }>();
    expect(error.code, label).toBe('INVALID_PERIOD');
    expect(Object.values(PERIOD_MESSAGES), label).toContain(error.message);
    return error;
  }

  async function expectAnswered(role: keyof typeof users, options: InjectOptions, label: string) {
    const response = await call(role, options);
    expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  }

  /** Each GET route family that takes `from` and `to`, with the role that may call it. */
  const PERIOD_ROUTES: [keyof typeof users, string][] = [
    ['seller', '/api/seller/analytics'],
    ['company', '/api/company/analytics'],
    ['admin', '/api/admin/analytics'],
    ['company', '/api/company/orders'],
    ['company', '/api/company/orders/export.csv'],
    ['seller', '/api/seller/orders'],
    ['admin', '/api/admin/orders'],
    ['admin', '/api/admin/orders/export.csv'],
  ];

  it.each(PERIOD_ROUTES)(
    '%s GET %s refuses impossible and far days and periods over 366 days',
    async (role, path) => {
      for (const day of REFUSED_DAYS) {
        const error = await expectRefused(role, { url: `${path}?to=${day}` }, `${path} to=${day}`);
        expect(error.message).toBe(PERIOD_MESSAGES.invalid);
        await expectRefused(
          role,
          { url: `${path}?from=${day}&to=2026-11-30` },
          `${path} from=${day}`,
        );
      }
      const long = await expectRefused(role, { url: `${path}?${TOO_LONG}` }, `${path} 367 days`);
      expect(long.message).toBe(PERIOD_MESSAGES.invalid);
      const reversed = await expectRefused(
        role,
        { url: `${path}?from=2026-11-30&to=2026-11-01` },
        `${path} reversed`,
      );
      expect(reversed.message).toBe(PERIOD_MESSAGES.reversed);
    },
  );

  it.each(PERIOD_ROUTES)(
    '%s GET %s answers for real days at the calendar’s edges and a full leap year',
    async (role, path) => {
      for (const day of CALENDAR_EDGE_DAYS) {
        await expectAnswered(role, { url: `${path}?to=${day}` }, `${path} to=${day}`);
        await expectAnswered(role, { url: `${path}?from=${day}&to=${day}` }, `${path} ${day}`);
      }
      await expectAnswered(role, { url: `${path}?from=2024-01-01&to=2024-12-31` }, '366 days');
      await expectAnswered(role, { url: `${path}?from=2100-01-01&to=2100-12-31` }, 'last year');
    },
  );

  it('lists every day of a period ending 2100-12-31 in analytics, one row a day', async () => {
    const response = await expectAnswered(
      'seller',
      { url: '/api/seller/analytics?from=2100-12-01&to=2100-12-31' },
      'December 2100',
    );
    const days = response.json<{ daily: { day: string }[] }>().daily.map((row) => row.day);
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toBe('2100-12-31');
    const leap = await expectAnswered(
      'company',
      { url: '/api/company/analytics?from=2024-02-28&to=2024-03-01' },
      'leap day',
    );
    expect(leap.json<{ daily: { day: string }[] }>().daily.map((row) => row.day)).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('refuses a `from` alone that makes analytics’ period (up to today) longer than 366 days', async () => {
    await expectRefused('seller', { url: '/api/seller/analytics?from=2000-01-01' }, 'from alone');
    // Orders take `from` alone as an open filter, not a period.
    await expectAnswered('company', { url: '/api/company/orders?from=2000-01-01' }, 'orders');
  });

  it('refuses statements of months outside 2000-01 to 2100-12, in every format', async () => {
    const paths = (month: string) =>
      [
        ['company', `/api/company/settlements/${month}`],
        ['company', `/api/company/settlements/${month}/export.csv`],
        ['company', `/api/company/settlements/${month}/statement.pdf`],
        ['admin', `/api/admin/settlements/${users.company.id}/${month}`],
      ] as const;
    for (const month of REFUSED_MONTHS) {
      for (const [role, url] of paths(month)) {
        const error = await expectRefused(role, { url }, url);
        expect(error.message).toBe(PERIOD_MESSAGES.month);
      }
    }
    for (const month of ['2000-01', '2024-02', '2100-12']) {
      for (const [role, url] of paths(month)) await expectAnswered(role, { url }, url);
    }
  });

  it('refuses a seller’s goal for a month outside the calendar', async () => {
    for (const month of REFUSED_MONTHS) {
      await expectRefused(
        'seller',
        { method: 'PUT', url: '/api/seller/goal', payload: { month, target_sales: 3 } },
        `goal ${month}`,
      );
    }
    await expectAnswered(
      'seller',
      { method: 'PUT', url: '/api/seller/goal', payload: { month: '2100-12', target_sales: 3 } },
      'goal 2100-12',
    );
  });

  it('refuses a company payment dated on a day outside the calendar', async () => {
    for (const day of REFUSED_DAYS) {
      const response = await call('admin', {
        method: 'POST',
        url: `/api/admin/settlements/${users.company.id}/payments`,
        payload: { amount_cents: 100, paid_on: day, reference: 'TRF-1' },
      });
      expect(response.statusCode, day).toBe(400);
      expect(response.json().error.fields?.paid_on, day).toBeDefined();
    }
    const error = await expectRefused(
      'admin',
      {
        method: 'POST',
        url: `/api/admin/settlements/${users.company.id}/payments`,
        payload: { amount_cents: 100, paid_on: '1999-12-31', reference: 'TRF-1' },
      },
      'paid_on 1999-12-31',
    );
    expect(error.message).toBe(PERIOD_MESSAGES.day);
  });

  it('refuses a storefront `to_date` outside the calendar, in English', async () => {
    for (const day of ['9999-12-31', '0000-01-01', '1999-12-31', '2101-01-01']) {
      const error = await expectRefused(
        'seller',
        { url: `/api/store/${t.config.store.id}/products?to_date=${day}T00:00:00Z` },
        `to_date ${day}`,
      );
      expect(error.message).toBe(PERIOD_MESSAGES.storeDateTime);
    }
    await expectAnswered(
      'seller',
      { url: `/api/store/${t.config.store.id}/products?to_date=2100-12-31T23:59:59Z` },
      'to_date 2100',
    );
  });
});
