import { argentineMonth, formatDateTime } from '@shared/time';

/** The app's date formats (one family, Argentine time): see src/shared/time.ts. */
export {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatMonth,
  formatShortDay,
} from '@shared/time';

const relative = new Intl.RelativeTimeFormat('es-AR', { numeric: 'auto' });

/** «hace 5 minutos», «ayer», or the date and time once it is more than a week old. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return 'recién';
  if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), 'day');
  return formatDateTime(iso);
}

/** This month in Argentina, 'YYYY-MM' (goals are per Argentine month). */
export function currentArgentineMonth(now: Date = new Date()): string {
  return argentineMonth(now);
}
