import type { StoreCurrency, StoreProduct, StoreVariant } from '@shared/store/store.schema';
import { parseStoredJson } from '@web/lib/stored-json';
import { CART_TEXT } from '../store-messages';

/**
 * spec 01 §3 cart line: the product, the variant and a quantity. The line keeps
 * a small snapshot of both (what the drawer shows and the stock rule needs), not
 * the whole catalogue record, so the stored cart stays small.
 */
export type CartProduct = Pick<StoreProduct, 'id' | 'title' | 'thumbnail'>;

export type CartVariant = Pick<
  StoreVariant,
  | 'id'
  | 'title'
  | 'image_url'
  | 'price_in_cents'
  | 'sale_price_in_cents'
  | 'currency'
  | 'price_formatted'
  | 'sale_price_formatted'
  | 'manage_inventory'
  | 'inventory_quantity'
> & {
  /** The first price's currency (template and symbol), to show line totals (spec 01 §9). */
  currency_format: StoreCurrency | null;
};

/** The snapshot a cart line keeps of a catalogue product and variant. */
export function toCartItem(
  product: Pick<StoreProduct, 'id' | 'title' | 'thumbnail'>,
  variant: StoreVariant,
): { product: CartProduct; variant: CartVariant } {
  return {
    product: { id: product.id, title: product.title, thumbnail: product.thumbnail },
    variant: {
      id: variant.id,
      title: variant.title,
      image_url: variant.image_url,
      price_in_cents: variant.price_in_cents,
      sale_price_in_cents: variant.sale_price_in_cents,
      currency: variant.currency,
      price_formatted: variant.price_formatted,
      sale_price_formatted: variant.sale_price_formatted,
      manage_inventory: variant.manage_inventory,
      inventory_quantity: variant.inventory_quantity,
      currency_format: variant.prices[0]?.currency ?? null,
    },
  };
}

export interface CartLine {
  product: CartProduct;
  variant: CartVariant;
  quantity: number;
}

/** spec 01 §9: the cart is kept under one fixed key. */
export const CART_STORAGE_KEY = 'vendemas-store-cart';
/** spec 01 §9: minimum cart quantity. */
export const MIN_CART_QUANTITY = 1;

export type AddResult = { ok: true; lines: CartLine[] } | { ok: false; message: string };

/**
 * spec 01 §4-5: adding a variant already in the cart increases its quantity;
 * for managed-inventory variants the cart plus the new quantity may not exceed
 * the stock.
 */
export function addToCart(
  lines: readonly CartLine[],
  product: CartProduct,
  variant: CartVariant,
  quantity: number,
): AddResult {
  const wanted = Math.max(MIN_CART_QUANTITY, Math.floor(quantity));
  const existing = lines.find((line) => line.variant.id === variant.id);
  const inCart = existing?.quantity ?? 0;
  if (variant.manage_inventory) {
    const available = Math.max(0, variant.inventory_quantity);
    if (inCart + wanted > available) {
      return {
        ok: false,
        message: CART_TEXT.stockShortage(product.title, variant.title, available),
      };
    }
  }
  if (existing) {
    return {
      ok: true,
      lines: lines.map((line) =>
        line.variant.id === variant.id
          ? { product, variant, quantity: line.quantity + wanted }
          : line,
      ),
    };
  }
  return { ok: true, lines: [...lines, { product, variant, quantity: wanted }] };
}

/** spec 01 §4: updating sets the line's quantity, never below 1. */
export function updateQuantity(
  lines: readonly CartLine[],
  variantId: string,
  quantity: number,
): CartLine[] {
  const next = Number.isFinite(quantity)
    ? Math.max(MIN_CART_QUANTITY, Math.floor(quantity))
    : MIN_CART_QUANTITY;
  return lines.map((line) => (line.variant.id === variantId ? { ...line, quantity: next } : line));
}

export function removeFromCart(lines: readonly CartLine[], variantId: string): CartLine[] {
  return lines.filter((line) => line.variant.id !== variantId);
}

/**
 * Puts lines back into a cart (a checkout that was not completed). A variant
 * already in the cart keeps the larger of the two quantities, so the same lines
 * given back twice (two tabs at once) do not double.
 */
export function mergeCartLines(
  lines: readonly CartLine[],
  restored: readonly CartLine[],
): CartLine[] {
  const merged = [...lines];
  for (const line of restored) {
    const index = merged.findIndex((item) => item.variant.id === line.variant.id);
    const existing = merged[index];
    if (!existing) merged.push(line);
    else if (line.quantity > existing.quantity)
      merged[index] = { ...existing, quantity: line.quantity };
  }
  return merged;
}

/** The badge on the cart button: the total quantity. */
export function cartQuantity(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** What a line costs per unit: the sale price when there is one. */
export function unitPriceInCents(variant: CartVariant): number {
  return variant.sale_price_in_cents ?? variant.price_in_cents;
}

export function cartSubtotalInCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + unitPriceInCents(line.variant) * line.quantity, 0);
}

/** Whether the + control may raise this line (no more than the known stock). */
export function canIncrease(line: CartLine): boolean {
  if (!line.variant.manage_inventory) return true;
  return line.quantity < line.variant.inventory_quantity;
}

/** The checkout body's items (spec 01 §3). */
export function checkoutItems(lines: readonly CartLine[]) {
  return lines.map((line) => ({ variant_id: line.variant.id, quantity: line.quantity }));
}

// --- reading the stored cart: anything unreadable or malformed means an empty cart.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function isCurrency(value: unknown): value is StoreCurrency {
  return (
    isRecord(value) &&
    typeof value.code === 'string' &&
    typeof value.symbol === 'string' &&
    typeof value.template === 'string'
  );
}

function isCartProduct(value: unknown): value is CartProduct {
  return (
    isRecord(value) &&
    isText(value.id) &&
    typeof value.title === 'string' &&
    isTextOrNull(value.thumbnail)
  );
}

function isCartVariant(value: unknown): value is CartVariant {
  return (
    isRecord(value) &&
    isText(value.id) &&
    typeof value.title === 'string' &&
    isTextOrNull(value.image_url) &&
    isCents(value.price_in_cents) &&
    (value.sale_price_in_cents === null || isCents(value.sale_price_in_cents)) &&
    isText(value.currency) &&
    typeof value.price_formatted === 'string' &&
    isTextOrNull(value.sale_price_formatted) &&
    typeof value.manage_inventory === 'boolean' &&
    typeof value.inventory_quantity === 'number' &&
    Number.isInteger(value.inventory_quantity) &&
    (value.currency_format === null || isCurrency(value.currency_format))
  );
}

function isCartLine(value: unknown): value is CartLine {
  return (
    isRecord(value) &&
    isCartProduct(value.product) &&
    isCartVariant(value.variant) &&
    typeof value.quantity === 'number' &&
    Number.isSafeInteger(value.quantity) &&
    value.quantity >= MIN_CART_QUANTITY
  );
}

/** spec 01 §3: the cart starts empty if reading fails. */
export function parseStoredCart(raw: string | null): CartLine[] {
  const parsed = parseStoredJson(raw);
  if (!Array.isArray(parsed) || !parsed.every(isCartLine)) return [];
  // One line per variant, whatever was stored.
  const seen = new Set<string>();
  return parsed.filter((line) => !seen.has(line.variant.id) && seen.add(line.variant.id));
}
