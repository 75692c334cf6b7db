import { describe, expect, it } from 'vitest';
import { formatArs, formatStoreMoney, parseAmountToCents } from './money';

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

describe('parseAmountToCents', () => {
  it('reads amounts typed with a comma or a dot', () => {
    expect(parseAmountToCents('1234,5')).toBe(123_450);
    expect(parseAmountToCents('99.99')).toBe(9_999);
    expect(parseAmountToCents(' 10 ')).toBe(1_000);
  });

  it('refuses anything that is not a non-negative amount with at most two decimals', () => {
    for (const input of ['', 'abc', '-5', '1.234', '1e3', '12,3,4']) {
      expect(parseAmountToCents(input)).toBeNull();
    }
  });
});
