import { describe, expect, it } from 'vitest';
import { STORE_CHECKOUT_MESSAGES } from '@shared/store/store.schema';
import { CART_TEXT } from '../store-messages';
import {
  addToCart,
  canIncrease,
  cartQuantity,
  cartSubtotalInCents,
  CART_STORAGE_KEY,
  checkoutItems,
  parseStoredCart,
  removeFromCart,
  updateQuantity,
  type CartLine,
  type CartProduct,
  type CartVariant,
} from './cart-logic';
import { cartStore } from './cart-store';

const mug: CartProduct = { id: 'prod_mug', title: 'Mate Mug', thumbnail: null };
const blue: CartVariant = {
  id: 'var_blue',
  title: 'Blue',
  image_url: null,
  price_in_cents: 1500,
  sale_price_in_cents: null,
  currency: 'eur',
  price_formatted: '€15.00',
  sale_price_formatted: null,
  manage_inventory: true,
  inventory_quantity: 3,
  currency_format: { code: 'eur', symbol: '€', template: '€{{amount}}' },
};
const red: CartVariant = {
  ...blue,
  id: 'var_red',
  title: 'Red',
  sale_price_in_cents: 1200,
  sale_price_formatted: '€12.00',
  manage_inventory: false,
  inventory_quantity: 0,
};

function added(lines: CartLine[], variant: CartVariant, quantity: number): CartLine[] {
  const result = addToCart(lines, mug, variant, quantity);
  if (!result.ok) throw new Error(result.message);
  return result.lines;
}

describe('cart rules', () => {
  it('appends a new line, then merges a second add of the same variant', () => {
    let lines = added([], blue, 1);
    lines = added(lines, red, 2);
    lines = added(lines, blue, 2);
    expect(lines.map((l) => [l.variant.id, l.quantity])).toEqual([
      ['var_blue', 3],
      ['var_red', 2],
    ]);
    expect(cartQuantity(lines)).toBe(5);
    expect(cartSubtotalInCents(lines)).toBe(3 * 1500 + 2 * 1200);
    expect(checkoutItems(lines)).toEqual([
      { variant_id: 'var_blue', quantity: 3 },
      { variant_id: 'var_red', quantity: 2 },
    ]);
  });

  it('rejects an add that would take a managed-inventory variant past its stock, with the spec message', () => {
    const lines = added([], blue, 2);
    const result = addToCart(lines, mug, blue, 2);
    expect(result).toEqual({ ok: false, message: CART_TEXT.stockShortage('Mate Mug', 'Blue', 3) });
    expect(CART_TEXT.stockShortage('Mate Mug', 'Blue', 3)).toBe(
      'Not enough stock for Mate Mug (Blue). Only 3 left.',
    );
    expect(addToCart(lines, mug, blue, 1).ok).toBe(true);
  });

  it('treats a sold-out managed variant as zero stock and ignores stock when inventory is not managed', () => {
    expect(addToCart([], mug, { ...blue, inventory_quantity: 0 }, 1).ok).toBe(false);
    expect(addToCart([], mug, red, 500).ok).toBe(true);
  });

  it('sets a quantity but never below 1, and removes a line', () => {
    let lines = added(added([], blue, 2), red, 1);
    lines = updateQuantity(lines, 'var_blue', 0);
    expect(lines[0]?.quantity).toBe(1);
    lines = updateQuantity(lines, 'var_red', 7);
    expect(lines[1]?.quantity).toBe(7);
    lines = updateQuantity(lines, 'var_red', Number.NaN);
    expect(lines[1]?.quantity).toBe(1);
    lines = removeFromCart(lines, 'var_blue');
    expect(lines.map((l) => l.variant.id)).toEqual(['var_red']);
  });

  it('lets + go up to the known stock of a managed variant only', () => {
    expect(canIncrease({ product: mug, variant: blue, quantity: 2 })).toBe(true);
    expect(canIncrease({ product: mug, variant: blue, quantity: 3 })).toBe(false);
    expect(canIncrease({ product: mug, variant: red, quantity: 99 })).toBe(true);
  });
});

describe('stored cart', () => {
  const valid = JSON.stringify([{ product: mug, variant: blue, quantity: 2 }]);

  it('reads a well-formed stored cart', () => {
    expect(parseStoredCart(valid)).toEqual([{ product: mug, variant: blue, quantity: 2 }]);
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['not a list', '{"product":1}'],
    ['a line without a variant', JSON.stringify([{ product: mug, quantity: 1 }])],
    ['a zero quantity', JSON.stringify([{ product: mug, variant: blue, quantity: 0 }])],
    ['a fractional quantity', JSON.stringify([{ product: mug, variant: blue, quantity: 1.5 }])],
    [
      'a variant without stock',
      JSON.stringify([
        { product: mug, variant: { ...blue, inventory_quantity: null }, quantity: 1 },
      ]),
    ],
    [
      'a negative price',
      JSON.stringify([{ product: mug, variant: { ...blue, price_in_cents: -1 }, quantity: 1 }]),
    ],
  ])('starts empty when the stored value is %s', (_case, raw) => {
    expect(parseStoredCart(raw)).toEqual([]);
  });

  it('keeps one line per variant even if storage held duplicates', () => {
    const raw = JSON.stringify([
      { product: mug, variant: blue, quantity: 1 },
      { product: mug, variant: blue, quantity: 2 },
    ]);
    expect(parseStoredCart(raw)).toHaveLength(1);
  });

  it('persists every change under the one fixed key and reads it back after a reload', () => {
    cartStore.reload();
    expect(cartStore.add(mug, blue, 2).ok).toBe(true);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '[]')).toHaveLength(1);
    cartStore.reload();
    expect(cartStore.getLines()).toEqual([{ product: mug, variant: blue, quantity: 2 }]);
    cartStore.clear();
    expect(localStorage.getItem(CART_STORAGE_KEY)).toBe('[]');
  });

  it('starts empty when the stored cart is corrupted', () => {
    localStorage.setItem(CART_STORAGE_KEY, 'not json at all');
    cartStore.reload();
    expect(cartStore.getLines()).toEqual([]);
  });
});

describe('checkout texts', () => {
  it('match the storefront contract', () => {
    expect({
      emptyCart: CART_TEXT.emptyCheckoutTitle,
      emptyCartDescription: CART_TEXT.emptyCheckoutDescription,
      checkoutErrorTitle: CART_TEXT.checkoutErrorTitle,
      checkoutErrorDescription: CART_TEXT.checkoutErrorDescription,
    }).toEqual(STORE_CHECKOUT_MESSAGES);
  });
});
