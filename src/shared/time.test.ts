import { describe, expect, it } from 'vitest';
import {
  ARGENTINA_TIME_ZONE,
  argentineDay,
  argentineDayEnd,
  argentineDayStart,
  argentineMonth,
  argentineMonthStart,
  argentineOffsetMinutes,
  argentineTime,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatMonth,
  formatShortDay,
  nextMonth,
  previousMonth,
  shiftDay,
} from './time';

describe('Argentine time', () => {
  it('puts a moment on its Argentine day and month (UTC−3)', () => {
    expect(argentineDay(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02-28');
    expect(argentineMonth(new Date('2026-03-01T02:30:00Z'))).toBe('2026-02');
    expect(argentineDay(new Date('2026-03-01T03:00:00Z'))).toBe('2026-03-01');
  });

  it('gives every moment its own day, asked in any order (the last quarter hour is kept)', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: ARGENTINA_TIME_ZONE });
    const start = Date.parse('2026-11-27T02:00:00Z');
    // Minutes and odd milliseconds across two midnights, forwards then back and forth.
    const moments = Array.from({ length: 48 * 60 }, (_, i) => start + i * 60_000 + (i % 7) * 137);
    const mixed = [...moments, ...moments.map((_, i) => moments[(i * 7919) % moments.length]!)];
    for (const moment of mixed) {
      expect(argentineDay(new Date(moment))).toBe(zone.format(moment));
    }
    expect(argentineDay(new Date('2026-03-01T02:59:59.999Z'))).toBe('2026-02-28');
    expect(argentineDay(new Date('2026-03-01T03:00:00.000Z'))).toBe('2026-03-01');
    expect(argentineDay(new Date('2026-03-01T02:59:59.999Z'))).toBe('2026-02-28');
    expect(() => argentineDay(new Date('no'))).toThrow(RangeError);
  });

  it('bounds an Argentine calendar day: from its midnight to the next, in UTC−3', () => {
    expect(argentineDayStart('2026-03-01').toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(argentineDayEnd('2026-03-01').toISOString()).toBe('2026-03-02T03:00:00.000Z');
    expect(argentineDayEnd('2026-12-31').toISOString()).toBe('2027-01-01T03:00:00.000Z');
    expect(argentineDay(argentineDayStart('2026-03-01'))).toBe('2026-03-01');
    expect(argentineDay(new Date(argentineDayEnd('2026-03-01').getTime() - 1))).toBe('2026-03-01');
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

describe('Argentine wall time to moments', () => {
  it('finds the moment an Argentine clock shows, with the zone data’s offset', () => {
    expect(argentineTime('2026-03-05').toISOString()).toBe('2026-03-05T03:00:00.000Z');
    expect(argentineTime('2026-12-31', '22:30').toISOString()).toBe('2027-01-01T01:30:00.000Z');
    expect(argentineMonthStart('2026-01').toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(argentineOffsetMinutes(new Date('2026-06-01T00:00:00Z'))).toBe(-180);
    // Argentina kept summer time in 2008–2009: the helpers follow the zone data.
    expect(argentineOffsetMinutes(new Date('2009-01-15T12:00:00Z'))).toBe(-120);
    expect(argentineTime('2009-01-15').toISOString()).toBe('2009-01-15T02:00:00.000Z');
    expect(argentineDay(argentineTime('2009-01-15'))).toBe('2009-01-15');
  });

  it('counts months on', () => {
    expect(nextMonth('2026-11')).toBe('2026-12');
    expect(nextMonth('2026-12')).toBe('2027-01');
  });

  it('counts months back from the Argentine month a moment falls in', () => {
    expect(previousMonth(new Date('2026-03-15T12:00:00Z'))).toBe('2026-02');
    expect(previousMonth(new Date('2026-01-10T12:00:00Z'))).toBe('2025-12');
    // 1 February 01:00 UTC is still 31 January in Argentina.
    expect(previousMonth(new Date('2026-02-01T01:00:00Z'))).toBe('2025-12');
  });

  it('shifts calendar days across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2024-02-28', 1)).toBe('2024-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-11-28', -29)).toBe('2026-10-30');
  });
});
