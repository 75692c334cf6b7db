import { queryOptions, useQuery } from '@tanstack/react-query';
import { webEnv } from '@web/config/env';
import { fetchStoreProduct, fetchStoreProducts, fetchVariantStock } from './store-client';
import { applyLiveStock } from './live-stock';

export const storeKeys = {
  products: () => ['store', webEnv.storeId, 'products'] as const,
  product: (id: string) => ['store', webEnv.storeId, 'product', id] as const,
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
