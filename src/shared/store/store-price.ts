import { DEFAULT_STORE_CURRENCY, formatStoreMoney } from '../money';
import type { StoreCurrency, StoreDerivedPrice, StoreVariantPrice } from './store.schema';

export interface PricedVariant {
  prices: readonly StoreVariantPrice[];
}

/** Sale amount if present, otherwise amount (spec 01 §3). */
export function effectivePrice(price: StoreVariantPrice | undefined): number {
  if (!price) return 0;
  return price.sale_amount ?? price.amount;
}

/** Derived price fields of a variant, read from its first price (spec 01 §3). */
export function deriveVariantPrice(variant: PricedVariant): StoreDerivedPrice {
  const price = variant.prices[0];
  if (!price) {
    return {
      price_in_cents: 0,
      sale_price_in_cents: null,
      currency: DEFAULT_STORE_CURRENCY,
      price_formatted: formatStoreMoney(0),
      sale_price_formatted: null,
    };
  }
  const sale = price.sale_amount ?? null;
  return {
    price_in_cents: price.amount,
    sale_price_in_cents: sale,
    currency: (price.currency_code || DEFAULT_STORE_CURRENCY).toLowerCase(),
    price_formatted: formatStoreMoney(price.amount, price.currency),
    sale_price_formatted: sale === null ? null : formatStoreMoney(sale, price.currency),
  };
}

/**
 * The representative price of a product (spec 01 §3): the variant with the lowest
 * effective price when site_product_selection is 'lowest_price_first' or null,
 * otherwise the first variant. Ties keep the earlier variant. Currency 'eur' by default.
 */
export function deriveProductPrice(product: {
  site_product_selection: string | null | undefined;
  variants: readonly PricedVariant[];
}): StoreDerivedPrice {
  const variants = product.variants;
  let chosen = variants[0];
  const lowestFirst =
    product.site_product_selection === null ||
    product.site_product_selection === undefined ||
    product.site_product_selection === 'lowest_price_first';
  if (lowestFirst) {
    for (const variant of variants) {
      if (!variant.prices[0]) continue;
      if (
        !chosen?.prices[0] ||
        effectivePrice(variant.prices[0]) < effectivePrice(chosen.prices[0])
      ) {
        chosen = variant;
      }
    }
  }
  return deriveVariantPrice(chosen ?? { prices: [] });
}

const CURRENCIES: Record<string, StoreCurrency> = {
  eur: { code: 'EUR', symbol: '€', template: '€{{amount}}' },
  usd: { code: 'USD', symbol: '$', template: '${{amount}}' },
  gbp: { code: 'GBP', symbol: '£', template: '£{{amount}}' },
  // Argentine pesos in the English storefront: the ISO code, as English-language
  // formatting (CLDR) writes them, so nobody mistakes them for US dollars.
  ars: { code: 'ARS', symbol: '$', template: 'ARS {{amount}}' },
};

/** The currency object of a price, from its code (default 'eur'). */
export function storeCurrencyFor(code: string | null | undefined): StoreCurrency {
  const key = (code || DEFAULT_STORE_CURRENCY).toLowerCase();
  return (
    CURRENCIES[key] ?? {
      code: key.toUpperCase(),
      symbol: key.toUpperCase() + ' ',
      template: `{{amount}} ${key.toUpperCase()}`,
    }
  );
}
