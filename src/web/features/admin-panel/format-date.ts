const date = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Argentina/Buenos_Aires',
});

const dateTime = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});

/** «05/03/2026», the day in Argentina. */
export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}

/** «05/03/2026, 14:05», in Argentine time. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}
