/**
 * Argentine time, the one place that names the zone: calendar days and
 * months for sums and filters, and the app's one family of date formats for
 * people (screens, CSV and PDF alike): «05/03/2026», «05/03/2026 14:05»,
 * «marzo de 2026». Argentina keeps UTC−3 all year.
 */
export const ARGENTINA_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const DAY_KEY = new Intl.DateTimeFormat('en-CA', {
  timeZone: ARGENTINA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * Every time zone's offset is a whole number of quarter hours, so all the
 * moments of a UTC quarter hour fall on the same local day: the last quarter's
 * day is kept, as formatting a date costs more than what a payment link's
 * page does with it (it runs for every click).
 */
const QUARTER_HOUR_MS = 900_000;
let lastQuarter = NaN;
let lastQuarterDay = '';

/** `YYYY-MM-DD` of the Argentine day a moment falls on. */
export function argentineDay(date: Date): string {
  const quarter = Math.floor(date.getTime() / QUARTER_HOUR_MS);
  if (quarter !== lastQuarter) {
    lastQuarterDay = DAY_KEY.format(date);
    lastQuarter = quarter;
  }
  return lastQuarterDay;
}

/** The first instant of an Argentine calendar day (`YYYY-MM-DD`). */
export function argentineDayStart(day: string): Date {
  return argentineTime(day);
}

/** The first instant after an Argentine calendar day (`YYYY-MM-DD`): the end of a range that includes it. */
export function argentineDayEnd(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return argentineTime(new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10));
}

/** `YYYY-MM` of the Argentine month a moment falls in. */
export function argentineMonth(date: Date): string {
  return argentineDay(date).slice(0, 7);
}

const OFFSET = new Intl.DateTimeFormat('en-US', {
  timeZone: ARGENTINA_TIME_ZONE,
  timeZoneName: 'longOffset',
});

/** Minutes Argentine time is ahead of UTC at a moment (negative: behind), as the zone data says. */
export function argentineOffsetMinutes(date: Date): number {
  const name = OFFSET.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const match = /([+-])(\d{2}):?(\d{2})?/.exec(name ?? '');
  if (!match) return 0; // 'GMT': no offset
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The moment an Argentine clock shows `time` ('HH:MM', default midnight) on
 * `day` ('YYYY-MM-DD'). The offset comes from the zone data for that moment,
 * never written down here.
 */
export function argentineTime(day: string, time = '00:00'): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  const first = wall - argentineOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - argentineOffsetMinutes(new Date(first)) * 60_000);
}

/** The first moment of an Argentine month ('YYYY-MM'). */
export function argentineMonthStart(month: string): Date {
  return argentineTime(`${month}-01`);
}

/** The Argentine month before the one `now` falls in. */
export function previousMonth(now: Date): string {
  const [year, month] = argentineMonth(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The month after 'YYYY-MM'. */
export function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * The calendar a request may name (API.md "Account security"): real days and
 * months from 2000-01-01 to 2100-12-31, and periods of at most 366 days.
 * Anything else is refused before it reaches a query or a loop.
 */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
export const MAX_PERIOD_DAYS = 366;

const DAY_MS = 86_400_000;
const DAY_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_SHAPE = /^(\d{4})-(\d{2})$/;
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/**
 * The number of a calendar day `YYYY-MM-DD` (days since 1970-01-01), or null
 * when it is not a real day between FIRST_DAY and LAST_DAY: 2026-02-30 and
 * 2026-11-31 do not exist, and years outside 2000–2100 are refused.
 */
export function calendarDayNumber(day: unknown): number | null {
  if (typeof day !== 'string') return null;
  const match = DAY_SHAPE.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12 || date < 1) return null;
  const time = Date.UTC(year, month - 1, date);
  // Date.UTC rolls an impossible day over into the next month.
  if (new Date(time).getUTCDate() !== date) return null;
  return time / DAY_MS;
}

/** A real calendar day `YYYY-MM-DD` between FIRST_DAY and LAST_DAY. */
export function isCalendarDay(day: unknown): day is string {
  return calendarDayNumber(day) !== null;
}

/** A real month `YYYY-MM` between 2000-01 and 2100-12. */
export function isCalendarMonth(month: unknown): month is string {
  if (typeof month !== 'string') return false;
  const match = MONTH_SHAPE.exec(month);
  if (!match) return false;
  const [year, number] = [Number(match[1]), Number(match[2])];
  return year >= FIRST_YEAR && year <= LAST_YEAR && number >= 1 && number <= 12;
}

/** The calendar day `days` after `day` (before it when negative). */
export function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** How many days the period from `from` to `to` has, both included (0 or less when reversed). */
export function periodDays(from: string, to: string): number {
  const [first, last] = [calendarDayNumber(from), calendarDayNumber(to)];
  if (first === null || last === null) return 0;
  return last - first + 1;
}

/**
 * What is wrong with a period of two calendar days, or null when nothing is:
 * a day that is not one (`invalid`), `to` before `from` (`reversed`), or
 * more than MAX_PERIOD_DAYS days (`invalid`, as the message says).
 */
export function periodProblem(from: string, to: string): 'invalid' | 'reversed' | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return 'invalid';
  const days = periodDays(from, to);
  if (days < 1) return 'reversed';
  return days > MAX_PERIOD_DAYS ? 'invalid' : null;
}

/**
 * Each day of a period, in order. The count of days bounds the loop, never a
 * comparison of strings: a period's length is checked before it gets here, and
 * at most MAX_PERIOD_DAYS days are ever listed.
 */
export function daysOfPeriod(from: string, to: string): string[] {
  const count = Math.min(periodDays(from, to), MAX_PERIOD_DAYS);
  const days: string[] = [];
  for (let index = 0; index < count; index += 1) days.push(shiftDay(from, index));
  return days;
}

const DATE = new Intl.DateTimeFormat('es-AR', {
  timeZone: ARGENTINA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const TIME = new Intl.DateTimeFormat('es-AR', {
  timeZone: ARGENTINA_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const toDate = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** «05/03/2026»: the Argentine day of a moment. */
export function formatDate(value: string | Date): string {
  return DATE.format(toDate(value));
}

/** «05/03/2026 14:05»: a moment in Argentine time. */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return `${DATE.format(date)} ${TIME.format(date)}`;
}

/** '2026-03-05' (a calendar day, no time) → «05/03/2026». */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

const SHORT_DAY = new Intl.DateTimeFormat('es-AR', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** '2026-03-05' → «5 mar», for a chart's days. */
export function formatShortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T12:00:00Z`));
}

const MONTH = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' → «marzo de 2026». */
export function formatMonth(month: string): string {
  return MONTH.format(new Date(`${month}-01T12:00:00Z`));
}
