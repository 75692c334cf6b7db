import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatArs,
  formatStoreMoney,
  MONEY_MESSAGES,
  parseAmountToCents,
  parseMoney,
} from './money';

// Intl puts a non-breaking space between the sign and the amount.
const normalize = (text: string) => text.replace(/\s/g, ' ');

describe('formatArs (spec 01 §9)', () => {
  it('shows cents as es-AR pesos with exactly two decimals', () => {
    expect(normalize(formatArs(123_456_78))).toBe('$ 123.456,78');
    expect(normalize(formatArs(5))).toBe('$ 0,05');
    expect(normalize(formatArs(100))).toBe('$ 1,00');
  });

  it('shows a non-numeric value as zero pesos', () => {
    for (const value of [undefined, null, 'abc', Number.NaN, {}, Infinity]) {
      expect(normalize(formatArs(value))).toBe('$ 0,00');
    }
  });

  it('accepts numeric strings', () => {
    expect(normalize(formatArs('2500'))).toBe('$ 25,00');
  });
});

describe('formatStoreMoney (spec 01 §9)', () => {
  it('defaults to the euro symbol with two decimals', () => {
    expect(formatStoreMoney(1999)).toBe('€19.99');
    expect(formatStoreMoney(5)).toBe('€0.05');
  });

  it('uses the currency template when present', () => {
    expect(formatStoreMoney(1050, { template: '{{amount}} US$' })).toBe('10.50 US$');
  });

  it('uses the symbol, then the code, when there is no template', () => {
    expect(formatStoreMoney(1050, { symbol: '£' })).toBe('£10.50');
    expect(formatStoreMoney(1050, { code: 'USD' })).toBe('$10.50');
  });

  it('groups thousands with commas, as the English storefront reads them', () => {
    expect(formatStoreMoney(123_456_789)).toBe('€1,234,567.89');
    expect(formatStoreMoney(99_999)).toBe('€999.99');
    expect(formatStoreMoney(100_000)).toBe('€1,000.00');
    expect(formatStoreMoney(1_250_000, { code: 'ARS' })).toBe('ARS 12,500.00');
  });

  it('shows a missing amount as zero', () => {
    expect(formatStoreMoney(undefined)).toBe('€0.00');
  });
});

describe('parseMoney: amounts as people in Argentina type them', () => {
  const accepted: [string, number][] = [
    ['3.000,00', 300_000],
    ['3000,00', 300_000],
    ['3000', 300_000],
    ['3.000', 300_000],
    ['3.000.000', 300_000_000],
    ['1.234.567,89', 123_456_789],
    ['$ 3.000,00', 300_000],
    ['$3.000,00', 300_000],
    ['  3 000,00 ', 300_000],
    ['3\u00a0000,5', 300_050],
    ['3000,5', 300_050],
    ['3000,', 300_000],
    [',5', 50],
    ['0,01', 1],
    ['0', 0],
    ['007', 700],
    // A dot followed by one or two digits at the end cannot be thousands: it is the decimal mark.
    ['3000.5', 300_050],
    ['99.99', 9_999],
    ['1234.5', 123_450],
    ['3.00', 300],
    ['491.680.000,00', 49_168_000_000],
  ];
  it.each(accepted)('reads %j as %i cents', (input, cents) => {
    expect(parseMoney(input)).toEqual({ ok: true, cents });
    expect(parseAmountToCents(input)).toBe(cents);
  });

  const refused: [string, string][] = [
    ['', MONEY_MESSAGES.empty],
    ['   ', MONEY_MESSAGES.empty],
    ['$', MONEY_MESSAGES.empty],
    ['-5', MONEY_MESSAGES.negative],
    ['-3.000,00', MONEY_MESSAGES.negative],
    ['$ -3.000', MONEY_MESSAGES.negative],
    ['\u22123000', MONEY_MESSAGES.negative],
    ['3000,123', MONEY_MESSAGES.tooManyDecimals],
    ['3.000,001', MONEY_MESSAGES.tooManyDecimals],
    ['abc', MONEY_MESSAGES.format],
    ['1e3', MONEY_MESSAGES.format],
    ['12,3,4', MONEY_MESSAGES.format],
    ['3.0000', MONEY_MESSAGES.format],
    ['30.00.000', MONEY_MESSAGES.format],
    ['1,234.56', MONEY_MESSAGES.format],
    ['1234.567', MONEY_MESSAGES.format],
    ['3.000.5', MONEY_MESSAGES.format],
    ['3..000', MONEY_MESSAGES.format],
    ['.', MONEY_MESSAGES.format],
    ['3 000 $', MONEY_MESSAGES.format],
    ['99999999999999', MONEY_MESSAGES.tooLarge],
  ];
  it.each(refused)('refuses %j: %s', (input, message) => {
    expect(parseMoney(input)).toEqual({ ok: false, message });
    expect(parseAmountToCents(input)).toBeNull();
  });

  it('writes an amount for a field the way it reads it back', () => {
    expect(formatAmount(300_000)).toBe('3.000,00');
    expect(formatAmount(5)).toBe('0,05');
  });

  it('reads back every amount formatArs and formatAmount write, to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (cents) => {
        expect(parseMoney(formatArs(cents))).toEqual({ ok: true, cents });
        expect(parseMoney(formatAmount(cents))).toEqual({ ok: true, cents });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the plain forms people type (3000, 3000,5, 3.000,50) as the same amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000_000 }), (cents) => {
        const pesos = Math.floor(cents / 100);
        const fraction = String(cents % 100).padStart(2, '0');
        expect(parseMoney(`${pesos},${fraction}`)).toEqual({ ok: true, cents });
        if (cents % 100 === 0) expect(parseMoney(String(pesos))).toEqual({ ok: true, cents });
        const grouped = String(pesos).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
        expect(parseMoney(`${grouped},${fraction}`)).toEqual({ ok: true, cents });
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.,$ -abc\u00a0'.split('')) }),
        (text) => {
          const result = parseMoney(text);
          if (result.ok) {
            expect(Number.isSafeInteger(result.cents)).toBe(true);
            expect(result.cents).toBeGreaterThanOrEqual(0);
          } else {
            expect(Object.values(MONEY_MESSAGES)).toContain(result.message);
          }
        },
      ),
    );
  });
});
