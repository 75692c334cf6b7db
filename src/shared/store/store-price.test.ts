import { describe, expect, it } from 'vitest';
import {
  deriveProductPrice,
  deriveVariantPrice,
  effectivePrice,
  storeCurrencyFor,
} from './store-price';
import type { StoreVariantPrice } from './store.schema';

const eur = { code: 'EUR', symbol: '€', template: '€{{amount}}' };
const price = (amount: number, sale: number | null = null, currency = eur): StoreVariantPrice => ({
  amount,
  sale_amount: sale,
  currency_code: currency.code,
  currency,
});

describe('store prices', () => {
  it('takes the sale amount as the effective price when there is one', () => {
    expect(effectivePrice(price(2500, 1999))).toBe(1999);
    expect(effectivePrice(price(2500))).toBe(2500);
    expect(effectivePrice(undefined)).toBe(0);
  });

  it('derives a variant price from its first price, formatted through the currency template', () => {
    expect(deriveVariantPrice({ prices: [price(2500, 1999), price(1)] })).toEqual({
      price_in_cents: 2500,
      sale_price_in_cents: 1999,
      currency: 'eur',
      price_formatted: '€25.00',
      sale_price_formatted: '€19.99',
    });
  });

  it('answers zero euros for a variant without prices', () => {
    expect(deriveVariantPrice({ prices: [] })).toEqual({
      price_in_cents: 0,
      sale_price_in_cents: null,
      currency: 'eur',
      price_formatted: '€0.00',
      sale_price_formatted: null,
    });
  });

  it('uses the symbol when the template has no placeholder', () => {
    const usd = { code: 'USD', symbol: 'US$', template: '' };
    expect(deriveVariantPrice({ prices: [price(1050, null, usd)] }).price_formatted).toBe(
      'US$10.50',
    );
  });

  it('shows Argentine pesos with their code and grouped thousands, never a bare $', () => {
    const ars = storeCurrencyFor('ars');
    const derived = deriveVariantPrice({
      prices: [{ amount: 11_900_000, sale_amount: 8_990_000, currency_code: 'ars', currency: ars }],
    });
    expect(derived).toMatchObject({
      currency: 'ars',
      price_formatted: 'ARS 119,000.00',
      sale_price_formatted: 'ARS 89,900.00',
    });
  });

  it('keeps the euro for a price without a currency (spec 01 §3)', () => {
    expect(storeCurrencyFor(null)).toMatchObject({ code: 'EUR', template: '€{{amount}}' });
    expect(storeCurrencyFor('')).toMatchObject({ code: 'EUR' });
  });

  const variants = [
    { prices: [price(3000)] },
    { prices: [price(2800, 2000)] },
    { prices: [price(2200)] },
  ];

  it('represents a product by its lowest effective price when the selection is lowest_price_first or null', () => {
    for (const selection of ['lowest_price_first', null, undefined]) {
      const derived = deriveProductPrice({ site_product_selection: selection, variants });
      expect(derived.price_in_cents).toBe(2800);
      expect(derived.sale_price_in_cents).toBe(2000);
    }
  });

  it('represents a product by its first variant for any other selection', () => {
    const derived = deriveProductPrice({ site_product_selection: 'first_variant', variants });
    expect(derived.price_in_cents).toBe(3000);
    expect(derived.sale_price_in_cents).toBeNull();
  });

  it('keeps the earlier variant on a tie and skips variants without prices', () => {
    const derived = deriveProductPrice({
      site_product_selection: null,
      variants: [{ prices: [] }, { prices: [price(1000)] }, { prices: [price(1200, 1000)] }],
    });
    expect(derived.price_in_cents).toBe(1000);
    expect(derived.sale_price_in_cents).toBeNull();
  });

  it('defaults to zero euros for a product without variants', () => {
    expect(deriveProductPrice({ site_product_selection: null, variants: [] })).toMatchObject({
      price_in_cents: 0,
      currency: 'eur',
      price_formatted: '€0.00',
    });
  });
});
