import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StoreCurrency } from '@shared/money';
import type { StoreProduct } from '@shared/store/store.schema';
import { webEnv } from '@web/config/env';
import {
  fetchFirstStoreProduct,
  fetchStoreProduct,
  fetchStoreProducts,
  fetchVariantStock,
} from './store-client';
import { applyLiveStock } from './live-stock';

export const storeKeys = {
  products: () => ['store', webEnv.storeId, 'products'] as const,
  product: (id: string) => ['store', webEnv.storeId, 'product', id] as const,
  currency: () => ['store', webEnv.storeId, 'currency'] as const,
};

/** The storefront grid: the products, then their live stock merged in. */
export function useStoreProducts() {
  return useQuery({
    queryKey: storeKeys.products(),
    queryFn: async () => {
      const page = await fetchStoreProducts();
      if (page.products.length === 0) return page.products;
      const stock = await fetchVariantStock(page.products.map((p) => p.id));
      return page.products.map((product) => applyLiveStock(product, stock));
    },
  });
}

/** One product with live stock, for the detail page. */
export function storeProductQuery(id: string) {
  return queryOptions({
    queryKey: storeKeys.product(id),
    queryFn: async () => {
      // The page's id is the product's, so its live stock is asked for at the same time.
      const [product, stock] = await Promise.all([fetchStoreProduct(id), fetchVariantStock([id])]);
      return applyLiveStock(
        product,
        product.id === id ? stock : await fetchVariantStock([product.id]),
      );
    },
  });
}

export function useStoreProduct(id: string) {
  return useQuery(storeProductQuery(id));
}

function currencyOf(product: StoreProduct | undefined): StoreCurrency | null {
  for (const variant of product?.variants ?? []) {
    const currency = variant.prices[0]?.currency;
    if (currency) return currency;
  }
  return null;
}

/** The currency of a product list or product already loaded by the store's pages. */
function loadedCurrency(client: QueryClient): StoreCurrency | null {
  for (const [, data] of client.getQueriesData<StoreProduct[] | StoreProduct>({
    queryKey: ['store', webEnv.storeId],
  })) {
    const currency = currencyOf(Array.isArray(data) ? data[0] : data);
    if (currency) return currency;
  }
  return null;
}

/**
 * The store's currency, for money shown before anything is in the cart (an
 * empty cart's subtotal): the one given (the cart's), else that of a product
 * the pages already loaded, else the store's first product's, asked once.
 * `pending` while it is being asked; null currency when the store sells nothing.
 */
export function useStoreCurrency(known: StoreCurrency | null): {
  currency: StoreCurrency | null;
  pending: boolean;
} {
  const client = useQueryClient();
  const loaded = known ?? loadedCurrency(client);
  const first = useQuery({
    queryKey: storeKeys.currency(),
    queryFn: async () => currencyOf((await fetchFirstStoreProduct()).products[0]),
    enabled: loaded === null,
    staleTime: Infinity,
  });
  return { currency: loaded ?? first.data ?? null, pending: loaded === null && first.isPending };
}
