/**
 * The addresses the payment pages' own entry (pay.html, src/web/pay-main.tsx)
 * answers, and with which page. The server sends pay.html for exactly these,
 * the dev server too (vite.config.ts), and the entry picks its page by them.
 */
export type PayEntryPage = 'pay' | 'transfer' | 'status';

/**
 * Added to a transfer page's address when the buyer's link did not go out by
 * e-mail (too many to that address this hour): the page asks them to keep it.
 */
export const NO_EMAIL_PARAM = 'sin_correo';

export function payEntryPage(pathname: string, search: string): PayEntryPage | undefined {
  const segments = pathname.split('/');
  if (segments.length === 4 && segments[3] === '') segments.pop();
  if (segments.length === 3 && segments[2]) {
    if (segments[1] === 'pay') return 'pay';
    if (segments[1] === 'transfer') return 'transfer';
  }
  if (pathname === '/success') {
    // /success also ends the storefront's checkout (spec 01); a payment link's
    // order comes with its own id and token.
    const params = new URLSearchParams(search);
    if (params.get('order') && params.get('token')) return 'status';
  }
  return undefined;
}

/** The API answer the pay page shows: what its first paint waits for. */
export function payPageApiUrl(productId: string, ref: string | null): string {
  const query = ref ? `?ref=${encodeURIComponent(ref)}` : '';
  return `/api/public/pay/${encodeURIComponent(productId)}${query}`;
}

/**
 * A buyer's order by its link's token, plus what a provider added to the
 * return address (Stripe's `payment_intent`, MercadoPago's `payment_id`) so the
 * server asks that provider first.
 */
export function buyerOrderApiUrl(orderId: string, search: string): string {
  const given = new URLSearchParams(search);
  const query = new URLSearchParams({ token: given.get('token') ?? '' });
  for (const name of ['payment_intent', 'payment_id']) {
    const value = given.get(name);
    if (value) query.set(name, value);
  }
  return `/api/public/orders/${encodeURIComponent(orderId)}?${query}`;
}

/**
 * The first API request of the payment page at this address (the server
 * announces it as a preload, so it travels with the page's script), or
 * undefined for addresses the entry does not answer.
 */
export function payEntryFirstRequest(pathname: string, search: string): string | undefined {
  const page = payEntryPage(pathname, search);
  const params = new URLSearchParams(search);
  if (page === 'pay') return payPageApiUrl(pathSegment(pathname), params.get('ref'));
  if (page === 'transfer') return buyerOrderApiUrl(pathSegment(pathname), search);
  if (page === 'status') return buyerOrderApiUrl(params.get('order') ?? '', search);
  return undefined;
}

/** The path's second segment, decoded: `:productId` in `/pay/:productId` ('' when malformed). */
export function pathSegment(pathname: string): string {
  try {
    return decodeURIComponent(pathname.split('/')[2] ?? '');
  } catch {
    return '';
  }
}
