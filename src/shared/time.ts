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

/** `YYYY-MM-DD` of the Argentine day a moment falls on. */
export function argentineDay(date: Date): string {
  return DAY_KEY.format(date);
}

/** Argentina's offset from UTC, the same all year (no daylight saving since 2009). */
const ARGENTINA_UTC_OFFSET = '-03:00';

/** The first instant of an Argentine calendar day (`YYYY-MM-DD`). */
export function argentineDayStart(day: string): Date {
  return new Date(`${day}T00:00:00${ARGENTINA_UTC_OFFSET}`);
}

/** The first instant after an Argentine calendar day (`YYYY-MM-DD`): the end of a range that includes it. */
export function argentineDayEnd(day: string): Date {
  return new Date(argentineDayStart(day).getTime() + 86_400_000);
}

/** `YYYY-MM` of the Argentine month a moment falls in. */
export function argentineMonth(date: Date): string {
  return argentineDay(date).slice(0, 7);
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
