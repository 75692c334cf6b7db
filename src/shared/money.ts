/**
 * Money is always integer cents. These helpers only format it for people.
 */

const arsFormatter = new Intl.NumberFormat('es-AR', {
  style: 'currency',
  currency: 'ARS',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** spec 01 §9: panel money in es-AR pesos with exactly 2 decimals; non-numeric shows as zero. */
export function formatArs(cents: unknown): string {
  const value = typeof cents === 'string' && cents.trim() !== '' ? Number(cents) : cents;
  const safe = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  return arsFormatter.format(safe / 100);
}

export interface StoreCurrency {
  code?: string | null;
  symbol?: string | null;
  /** e.g. "€{{amount}}" or "{{amount}} US$" */
  template?: string | null;
}

export const DEFAULT_STORE_CURRENCY = 'eur';
const DEFAULT_STORE_SYMBOL = '€';

/**
 * spec 01 §9: storefront cents shown divided by 100 with 2 decimals, through the
 * currency template or symbol (default €). Thousands are grouped the English way
 * (the storefront is in English), so peso prices read "ARS 12,500.00".
 */
export function formatStoreMoney(cents: unknown, currency?: StoreCurrency | null): string {
  const value = typeof cents === 'number' && Number.isFinite(cents) ? cents : 0;
  const amount = groupThousands((value / 100).toFixed(2));
  const template = currency?.template;
  if (template && template.includes('{{amount}}')) {
    return template.replaceAll('{{amount}}', amount);
  }
  const symbol = currency?.symbol || symbolFor(currency?.code) || DEFAULT_STORE_SYMBOL;
  return `${symbol}${amount}`;
}

/** "1234567.50" → "1,234,567.50". */
function groupThousands(fixed: string): string {
  const [whole = '0', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

function symbolFor(code: string | null | undefined): string | undefined {
  switch ((code ?? '').toLowerCase()) {
    case 'eur':
      return '€';
    case 'usd':
      return '$';
    case 'ars':
      // '$' alone reads as US dollars in an English page; the code leaves no doubt.
      return 'ARS ';
    case 'gbp':
      return '£';
    default:
      return undefined;
  }
}

/** Parses a decimal amount typed by a person ("1234,5" or "1234.50") into cents, or null. */
export function parseAmountToCents(input: string): number | null {
  const normalized = input.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  const [whole, fraction = ''] = normalized.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}
