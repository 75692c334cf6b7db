import { parseStoredJson } from '@web/lib/stored-json';
import { parseStoredCart, type CartLine } from './cart-logic';

/**
 * A copy of the cart taken just before the browser goes to the hosted checkout
 * (spec 01 §4 clears the cart at that moment), kept with the order id and the
 * checkout token, so the cart can come back when the visitor cancels or returns
 * with the browser's Back button.
 *
 * The copies live in localStorage, so a visitor who closed the tab still finds
 * the cart on a later visit once the order has expired. Which tab opened which
 * checkout is kept in sessionStorage (one per tab): only that tab may cancel an
 * order that is still open, because a second tab showing the store must not
 * cancel a checkout the visitor is filling in elsewhere.
 */
export interface PendingCheckout {
  orderId: string;
  token: string;
  lines: CartLine[];
  startedAt: string;
}

export const PENDING_CHECKOUTS_KEY = 'vendemas-store-pending-checkouts';
export const TAB_CHECKOUTS_KEY = 'vendemas-store-tab-checkouts';

/** The order id and token in our hosted checkout's address, or null for any other address. */
export function checkoutLinkOf(
  url: string,
  origin: string,
): { orderId: string; token: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    return null;
  }
  const match = /^\/checkout\/([^/]+)$/.exec(parsed.pathname);
  const token = parsed.searchParams.get('token');
  if (parsed.origin !== origin || !match?.[1] || !token) return null;
  return { orderId: decodeURIComponent(match[1]), token };
}

export function listPendingCheckouts(): PendingCheckout[] {
  try {
    return parsePending(window.localStorage.getItem(PENDING_CHECKOUTS_KEY));
  } catch {
    return [];
  }
}

export function savePendingCheckout(entry: PendingCheckout): void {
  try {
    const others = listPendingCheckouts().filter((item) => item.orderId !== entry.orderId);
    window.localStorage.setItem(PENDING_CHECKOUTS_KEY, JSON.stringify([...others, entry]));
    const tab = tabCheckouts().filter((id) => id !== entry.orderId);
    window.sessionStorage.setItem(TAB_CHECKOUTS_KEY, JSON.stringify([...tab, entry.orderId]));
  } catch {
    // Storage blocked or full: the checkout still works, the cart just cannot come back.
  }
}

export function forgetPendingCheckout(orderId: string): void {
  try {
    const rest = listPendingCheckouts().filter((item) => item.orderId !== orderId);
    if (rest.length) window.localStorage.setItem(PENDING_CHECKOUTS_KEY, JSON.stringify(rest));
    else window.localStorage.removeItem(PENDING_CHECKOUTS_KEY);
    const tab = tabCheckouts().filter((id) => id !== orderId);
    if (tab.length) window.sessionStorage.setItem(TAB_CHECKOUTS_KEY, JSON.stringify(tab));
    else window.sessionStorage.removeItem(TAB_CHECKOUTS_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Whether this tab is the one that went to this checkout. */
export function startedInThisTab(orderId: string): boolean {
  return tabCheckouts().includes(orderId);
}

function tabCheckouts(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(TAB_CHECKOUTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function parsePending(raw: string | null): PendingCheckout[] {
  const parsed = parseStoredJson(raw);
  if (!Array.isArray(parsed)) return [];
  const entries: PendingCheckout[] = [];
  for (const item of parsed) {
    if (typeof item !== 'object' || item === null) continue;
    const { orderId, token, lines, startedAt } = item as Record<string, unknown>;
    if (typeof orderId !== 'string' || !orderId || typeof token !== 'string' || !token) continue;
    // The lines are read with the cart's own checks: a malformed copy restores nothing.
    const parsedLines = parseStoredCart(JSON.stringify(lines ?? null));
    entries.push({
      orderId,
      token,
      lines: parsedLines,
      startedAt: typeof startedAt === 'string' ? startedAt : '',
    });
  }
  return entries;
}
