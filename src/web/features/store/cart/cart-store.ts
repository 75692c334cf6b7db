import { useSyncExternalStore } from 'react';
import {
  addToCart as addLine,
  CART_STORAGE_KEY,
  mergeCartLines,
  parseStoredCart,
  removeFromCart as removeLine,
  updateQuantity as updateLine,
  type AddResult,
  type CartLine,
  type CartProduct,
  type CartVariant,
} from './cart-logic';

/**
 * The cart shared by every store page: one module-level list, persisted to
 * localStorage, read by components through useSyncExternalStore. Other tabs'
 * changes arrive through the `storage` event.
 */
let lines: CartLine[] | null = null;
const listeners = new Set<() => void>();

function readStorage(): CartLine[] {
  try {
    return parseStoredCart(window.localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    // Storage blocked (privacy mode, disabled cookies): an empty cart that lives in memory.
    return [];
  }
}

function current(): CartLine[] {
  if (lines === null) lines = readStorage();
  return lines;
}

function commit(next: CartLine[]) {
  lines = next;
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Quota or privacy mode: the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== CART_STORAGE_KEY) return;
  lines = readStorage();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export const cartStore = {
  getLines: current,
  add(product: CartProduct, variant: CartVariant, quantity: number): AddResult {
    const result = addLine(current(), product, variant, quantity);
    if (result.ok) commit(result.lines);
    return result;
  },
  update(variantId: string, quantity: number) {
    commit(updateLine(current(), variantId, quantity));
  },
  remove(variantId: string) {
    commit(removeLine(current(), variantId));
  },
  clear() {
    commit([]);
  },
  /** Gives back the lines of a checkout that was not completed. */
  restore(restored: readonly CartLine[]) {
    if (restored.length) commit(mergeCartLines(current(), restored));
  },
  /** Forget the in-memory copy (tests, or after storage was changed from outside). */
  reload() {
    lines = null;
    for (const listener of listeners) listener();
  },
};

export function useCartLines(): CartLine[] {
  return useSyncExternalStore(subscribe, current, current);
}
