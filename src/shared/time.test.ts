import { describe, expect, it } from 'vitest';
import {
  argentineDay,
  argentineMonth,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatMonth,
  formatShortDay,
} from './time';

describe('Argentine time', () => {
  it('puts a moment on its Argentine day and month (UTC−3)', () => {
    expect(argentineDay(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(argentineMonth(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02');
    expect(argentineDay(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });

  it('writes every date in one family: day, day and time, month', () => {
    expect(formatDate('2026-03-05T02:00:00Z')).toBe('04/03/2026');
    expect(formatDateTime('2026-03-05T17:05:00Z')).toBe('05/03/2026 14:05');
    expect(formatDateTime(new Date('2026-03-05T03:00:00Z'))).toBe('05/03/2026 00:00');
    expect(formatCalendarDay('2026-03-05')).toBe('05/03/2026');
    expect(formatShortDay('2026-03-05')).toBe('5 mar');
    expect(formatMonth('2026-03')).toBe('marzo de 2026');
  });
});
