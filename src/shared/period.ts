import { PERIOD_MESSAGES } from './messages';
import { isCalendarDay, isCalendarMonth, periodProblem } from './time';
import { z } from './zod';

/**
 * The one schema of the days, months and periods a request names (API.md
 * "Account security"): real calendar days and months from 2000-01-01 to
 * 2100-12-31, periods of at most 366 days. The error handler answers a
 * failure of any of them with 400 INVALID_PERIOD (isPeriodMessage).
 */

const MESSAGES = new Set<string>(Object.values(PERIOD_MESSAGES));

/** Whether a validation message is a period's: its answer's code is INVALID_PERIOD. */
export function isPeriodMessage(message: string | undefined): boolean {
  return message !== undefined && MESSAGES.has(message);
}

/** A calendar day `YYYY-MM-DD` between 2000-01-01 and 2100-12-31. */
export function calendarDay(message: string = PERIOD_MESSAGES.invalid) {
  return z.string({ error: message }).refine(isCalendarDay, message);
}

/** A query's day, `from` or `to`. */
export const CalendarDay = calendarDay();

/** A month `YYYY-MM` between 2000-01 and 2100-12. */
export const CalendarMonth = z
  .string({ error: PERIOD_MESSAGES.month })
  .refine(isCalendarMonth, PERIOD_MESSAGES.month);

/** The days of a query's period: both optional, each a calendar day. */
export const PeriodFields = {
  from: CalendarDay.optional(),
  to: CalendarDay.optional(),
};

/**
 * A query with `from` and `to` whose period, when both are given, runs
 * forwards and is at most 366 days. Refine the finished query: zod refuses
 * to extend or omit from an object once it is refined.
 */
export function withPeriod<Query extends z.ZodType<{ from?: string; to?: string }>>(
  query: Query,
): Query {
  return query.superRefine((value, context) => {
    if (value.from === undefined || value.to === undefined) return;
    const problem = periodProblem(value.from, value.to);
    if (problem)
      context.addIssue({ code: 'custom', message: PERIOD_MESSAGES[problem], path: ['to'] });
  });
}
