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
  /** Units of this variant already in the cart. */
  inCart?: number;
}

/**
 * spec 01 §2, §5: the detail page's status line and whether 'Add to Cart' is
 * allowed. Stock only limits managed-inventory variants, and what is already in
 * the cart counts against it (spec 01 §5: cart plus new quantity within stock),
 * so the line never promises units the cart rule would then refuse.
 */
export function stockStatus({ purchasable, variant, requested, inCart = 0 }: StockInput): {
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
  const stock = variant.inventory_quantity;
  if (!purchasable || stock <= 0) {
    return { status: { tone: 'unavailable', text: STORE_TEXT.unavailable }, canAdd: false };
  }
  const held = Math.max(0, inCart);
  const left = Math.max(0, stock - held);
  const cartNote = held > 0 ? ` ${STORE_TEXT.alreadyInCart(held)}` : '';
  if (left === 0) {
    return { status: { tone: 'low', text: STORE_TEXT.allInCart(stock) }, canAdd: false };
  }
  if (requested > left) {
    return {
      status: { tone: 'low', text: `${STORE_TEXT.notEnoughStock(left)}${cartNote}` },
      canAdd: false,
    };
  }
  return {
    status: { tone: 'in-stock', text: `${STORE_TEXT.inStock(stock)}${cartNote}` },
    canAdd: true,
  };
}
