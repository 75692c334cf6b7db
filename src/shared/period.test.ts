import { describe, expect, it } from 'vitest';
import { PERIOD_MESSAGES } from './messages';
import { CalendarDay, CalendarMonth, isPeriodMessage, PeriodFields, withPeriod } from './period';
import {
  calendarDayNumber,
  daysOfPeriod,
  isCalendarDay,
  isCalendarMonth,
  periodDays,
  periodProblem,
  shiftDay,
} from './time';
import { z } from './zod';
import { NOT_CALENDAR_DAYS, NOT_CALENDAR_MONTHS } from '../../tests/factories/calendar-edges';

describe('the calendar a request may name (API.md "Account security")', () => {
  it('knows the real days from 2000-01-01 to 2100-12-31', () => {
    for (const day of ['2000-01-01', '2024-02-29', '2000-02-29', '2026-11-30', '2100-12-31']) {
      expect(isCalendarDay(day), day).toBe(true);
    }
    for (const day of NOT_CALENDAR_DAYS) expect(isCalendarDay(day), day).toBe(false);
    for (const value of [undefined, null, 20260101, ['2026-01-01'], {}]) {
      expect(isCalendarDay(value)).toBe(false);
    }
    expect(calendarDayNumber('1970-01-01')).toBeNull();
    expect(calendarDayNumber('2000-01-02')! - calendarDayNumber('2000-01-01')!).toBe(1);
  });

  it('knows the real months from 2000-01 to 2100-12', () => {
    for (const month of ['2000-01', '2026-02', '2100-12'])
      expect(isCalendarMonth(month)).toBe(true);
    for (const month of NOT_CALENDAR_MONTHS) expect(isCalendarMonth(month), month).toBe(false);
    expect(isCalendarMonth(null)).toBe(false);
  });

  it('counts a period’s days, both ends included, across leap days and years', () => {
    expect(periodDays('2026-11-01', '2026-11-07')).toBe(7);
    expect(periodDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(periodDays('2025-01-01', '2025-12-31')).toBe(365);
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(periodDays('2026-11-07', '2026-11-01')).toBe(-5);
    expect(shiftDay('2100-12-30', 1)).toBe('2100-12-31');
    expect(shiftDay('2024-03-01', -1)).toBe('2024-02-29');
    expect(shiftDay('2026-01-01', -29)).toBe('2025-12-03');
  });

  it('refuses reversed periods and periods longer than 366 days', () => {
    expect(periodProblem('2026-01-01', '2026-01-01')).toBeNull();
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(periodProblem('2025-01-01', '2026-01-01')).toBeNull(); // 366 days
    expect(periodProblem('2025-01-01', '2026-01-02')).toBe('invalid'); // 367 days
    expect(periodProblem('2026-01-02', '2026-01-01')).toBe('reversed');
    expect(periodProblem('2026-01-01', '9999-12-31')).toBe('invalid');
    expect(periodProblem('2026-02-30', '2026-03-01')).toBe('invalid');
  });

  it('lists a period’s days by counting them, never past 366, whatever it is given', () => {
    expect(daysOfPeriod('2024-02-27', '2024-03-02')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    expect(daysOfPeriod('2100-12-31', '2100-12-31')).toEqual(['2100-12-31']);
    expect(daysOfPeriod('2026-01-02', '2026-01-01')).toEqual([]);
    expect(daysOfPeriod('2000-01-01', '2100-12-31')).toHaveLength(366);
    expect(daysOfPeriod('2026-01-01', '9999-12-31')).toEqual([]);
  });

  it('validates days, months and periods with one schema whose messages say INVALID_PERIOD', () => {
    const Query = withPeriod(z.object({ ...PeriodFields, q: z.string().optional() }));
    expect(Query.safeParse({ from: '2024-02-29', to: '2024-03-31' }).success).toBe(true);
    expect(Query.safeParse({ from: '2100-12-01', to: '2100-12-31' }).success).toBe(true);
    expect(Query.safeParse({ from: '2026-11-01' }).success).toBe(true);
    expect(Query.safeParse({}).success).toBe(true);

    const messageOf = (query: unknown) => Query.safeParse(query).error?.issues[0]?.message;
    for (const day of NOT_CALENDAR_DAYS) {
      expect(messageOf({ to: day }), day).toBe(PERIOD_MESSAGES.invalid);
    }
    expect(messageOf({ from: ['2026-01-01', '2026-01-02'] })).toBe(PERIOD_MESSAGES.invalid);
    expect(messageOf({ from: '2025-01-01', to: '2026-01-02' })).toBe(PERIOD_MESSAGES.invalid);
    expect(messageOf({ from: '2026-01-02', to: '2026-01-01' })).toBe(PERIOD_MESSAGES.reversed);

    expect(CalendarDay.safeParse('2026-11-31').error?.issues[0]?.message).toBe(
      PERIOD_MESSAGES.invalid,
    );
    expect(CalendarMonth.safeParse('2100-12').success).toBe(true);
    expect(CalendarMonth.safeParse('2101-01').error?.issues[0]?.message).toBe(
      PERIOD_MESSAGES.month,
    );
    for (const message of Object.values(PERIOD_MESSAGES))
      expect(isPeriodMessage(message)).toBe(true);
    expect(isPeriodMessage('Los datos enviados no son válidos.')).toBe(false);
  });
});
