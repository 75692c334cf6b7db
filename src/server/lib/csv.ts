import { formatDateTime } from '@shared/time';

/**
 * CSV as spreadsheets in Spanish open it: `;`-separated, CRLF lines, a
 * byte-order mark so accents read as UTF-8, and no cell ever read as a
 * formula (a leading = + - @, tab or carriage return is quoted away, negative
 * amounts aside).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  // A negative amount is a number, not a formula.
  if (/^[=+\-@\t\r]/.test(text) && !/^-\d+(,\d+)?$/.test(text)) text = `'${text}`;
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: (string | number | null | undefined)[]): string {
  return values.map(csvCell).join(';');
}

export function csvDocument(lines: string[]): string {
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Cents as pesos with a decimal comma (1234567 → "12345,67"), as Excel in es-AR reads numbers. */
export function csvPesos(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** "25/11/2026 14:05", Argentine time: the app's date format (src/shared/time.ts). */
export function csvDate(date: Date): string {
  return formatDateTime(date);
}
