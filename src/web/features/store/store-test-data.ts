import type { StoreProductDetail, StoreVariant } from '@shared/store/store.schema';

/** Catalogue records for the storefront's component tests. */
export function makeVariant(overrides: Partial<StoreVariant> = {}): StoreVariant {
  const amount = overrides.price_in_cents ?? 2500;
  return {
    id: 'var_1',
    title: 'Default',
    image_url: null,
    sku: null,
    prices: [
      {
        amount,
        sale_amount: null,
        currency_code: 'eur',
        currency: { code: 'eur', symbol: '€', template: '€{{amount}}' },
      },
    ],
    manage_inventory: false,
    weight: null,
    options: [],
    inventory_quantity: 0,
    price_in_cents: amount,
    sale_price_in_cents: null,
    currency: 'eur',
    price_formatted: `€${(amount / 100).toFixed(2)}`,
    sale_price_formatted: null,
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<StoreProductDetail> = {}): StoreProductDetail {
  const variants = overrides.variants ?? [makeVariant()];
  const first = variants[0] ?? makeVariant();
  return {
    id: 'prod_1',
    title: 'Leather Mate Case',
    subtitle: null,
    ribbon_text: null,
    description: '<p>Hand-stitched.</p>',
    thumbnail: null,
    status: 'published',
    purchasable: true,
    order: 0,
    site_product_selection: null,
    images: [],
    media: [],
    options: [],
    variants,
    product_collections: [],
    additional_info: [],
    type: null,
    custom_fields: [],
    related_products: [],
    updated_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    deleted_at: null,
    metadata: {},
    price_in_cents: first.price_in_cents,
    sale_price_in_cents: first.sale_price_in_cents,
    currency: first.currency,
    price_formatted: first.price_formatted,
    sale_price_formatted: first.sale_price_formatted,
    ...overrides,
  };
}
