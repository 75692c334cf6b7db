/**
 * Days and months no request may name (API.md "Account security"): impossible,
 * outside 2000–2100, or not `YYYY-MM-DD` at all. Shared by the period helper's
 * tests, the routes' tests and the fuzz test.
 */
export const NOT_CALENDAR_DAYS = [
  '9999-12-31',
  '2026-02-30',
  '2026-11-31',
  '0000-01-01',
  '1999-12-31',
  '2101-01-01',
  '2026-13-01',
  '2026-00-10',
  '2026-01-00',
  '2026-01-32',
  '2025-02-29',
  '2100-02-29',
  '+002026-01-01',
  '-002026-01-01',
  '2026-1-01',
  '2026-01-01T00:00:00Z',
  '2026-01-01\n',
  ' 2026-01-01',
  '２０２６-01-01',
  '2026/01/01',
  '',
  '2026-01-01'.repeat(1_000),
];

export const NOT_CALENDAR_MONTHS = [
  '9999-12',
  '0000-01',
  '1999-12',
  '2101-01',
  '2026-13',
  '2026-00',
  '+02026-01',
  '2026-1',
  '2026-02-30',
  '',
  '2026-01'.repeat(1_000),
];

/** Days the calendar does have, at its edges. */
export const CALENDAR_EDGE_DAYS = ['2000-01-01', '2024-02-29', '2100-12-31'];
