import { STORE_TEXT } from '../store-messages';

export type StockTone = 'in-stock' | 'low' | 'unavailable';

export interface StockStatus {
  tone: StockTone;
  text: string;
}

interface StockInput {
  purchasable: boolean;
  variant: { manage_inventory: boolean; inventory_quantity: number } | undefined;
  requested: number;
}

/**
 * spec 01 §2, §5: the detail page's status line and whether 'Add to Cart' is
 * allowed. Stock only limits managed-inventory variants.
 */
export function stockStatus({ purchasable, variant, requested }: StockInput): {
  status: StockStatus | null;
  canAdd: boolean;
} {
  if (!variant)
    return { status: { tone: 'unavailable', text: STORE_TEXT.unavailable }, canAdd: false };
  if (!variant.manage_inventory) {
    return purchasable
      ? { status: null, canAdd: true }
      : { status: { tone: 'unavailable', text: STORE_TEXT.unavailable }, canAdd: false };
  }
  const available = variant.inventory_quantity;
  if (!purchasable || available <= 0) {
    return { status: { tone: 'unavailable', text: STORE_TEXT.unavailable }, canAdd: false };
  }
  if (requested > available) {
    return { status: { tone: 'low', text: STORE_TEXT.notEnoughStock(available) }, canAdd: false };
  }
  return { status: { tone: 'in-stock', text: STORE_TEXT.inStock(available) }, canAdd: true };
}
