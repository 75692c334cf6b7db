import type { StoreVariantsResponse } from '@shared/store/store.schema';

interface WithVariants {
  variants: { id: string; inventory_quantity: number }[];
}

/** spec 01 §7: live stock overrides the stock embedded in the product. */
export function applyLiveStock<P extends WithVariants>(
  product: P,
  stock: StoreVariantsResponse | undefined,
): P {
  if (!stock) return product;
  const live = new Map(stock.variants.map((v) => [v.id, v.inventory_quantity]));
  return {
    ...product,
    variants: product.variants.map((variant) => {
      const quantity = live.get(variant.id);
      return quantity === undefined ? variant : { ...variant, inventory_quantity: quantity };
    }),
  };
}
