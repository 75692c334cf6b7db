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

const amountFormatter = new Intl.NumberFormat('es-AR', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as a money field shows them for editing, without the sign: 300000 → "3.000,00". */
export function formatAmount(cents: number): string {
  return amountFormatter.format(cents / 100);
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

/** What a money field says when it cannot read what was typed. */
export const MONEY_MESSAGES = {
  empty: 'Ingresa un monto.',
  negative: 'El monto no puede ser negativo.',
  tooManyDecimals: 'El monto puede tener hasta 2 decimales.',
  format: 'No entendimos el monto. Escríbelo como 3.000,00, 3000,00 o 3000.',
  tooLarge: 'El monto es demasiado grande.',
} as const;

export type MoneyParse = { ok: true; cents: number } | { ok: false; message: string };

/** Pesos with up to 13 digits: cents stay well inside a safe integer. */
const MAX_PESO_DIGITS = 13;

const refuse = (message: string): MoneyParse => ({ ok: false, message });

/**
 * The one reader of money typed by people: every money field of the web reads
 * through it (the API itself takes integer cents; a route that ever accepts an
 * amount as text must read it here too). es-AR: '.' groups thousands
 * and ',' marks the decimals, so '3.000,00', '3000,00', '3000' and '$ 3.000'
 * are all three thousand pesos, and formatArs' own output reads back exactly.
 * Spaces of any kind are ignored; one leading '$' is allowed.
 *
 * The ambiguous case: a single '.' followed by one or two digits at the end
 * ('3000.5', '99.99') cannot be thousands (groups have three digits), so it is
 * read as the decimal mark, as a phone's decimal keypad in English types it.
 * A '.' followed by three digits is always thousands ('3.000' is 3000, never 3);
 * anything else mixing the two marks ('1,234.56') is refused rather than guessed.
 */
export function parseMoney(input: string): MoneyParse {
  let text = input.replace(/\s/g, '');
  if (/^\$?[-\u2212\u2012\u2013]/.test(text)) return refuse(MONEY_MESSAGES.negative);
  if (text.startsWith('$')) text = text.slice(1);
  if (text === '') return refuse(MONEY_MESSAGES.empty);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return refuse(MONEY_MESSAGES.format);

  let whole: string;
  let fraction: string;
  const comma = text.split(',');
  if (comma.length > 2) return refuse(MONEY_MESSAGES.format);
  if (comma.length === 2) {
    [whole, fraction] = comma as [string, string];
    if (fraction.includes('.')) return refuse(MONEY_MESSAGES.format);
    if (whole.includes('.') && !/^\d{1,3}(\.\d{3})+$/.test(whole)) {
      return refuse(MONEY_MESSAGES.format);
    }
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text) || /^\d+$/.test(text)) {
    [whole, fraction] = [text, ''];
  } else if (/^\d*\.\d{1,2}$/.test(text)) {
    [whole, fraction] = text.split('.') as [string, string];
  } else {
    return refuse(MONEY_MESSAGES.format);
  }
  if (fraction.length > 2) return refuse(MONEY_MESSAGES.tooManyDecimals);

  const digits = whole.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_PESO_DIGITS) return refuse(MONEY_MESSAGES.tooLarge);
  return { ok: true, cents: Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0')) };
}

/** parseMoney's cents, or null when the text is not an amount. */
export function parseAmountToCents(input: string): number | null {
  const parsed = parseMoney(input);
  return parsed.ok ? parsed.cents : null;
}
