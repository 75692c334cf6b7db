import { pathSegment } from '@shared/pay-entry';

/**
 * The payment pages are their own small entry (src/web/pay-main.tsx), loaded
 * by full page navigations only, so they read the address directly instead of
 * carrying a router.
 */

/** `:productId` in `/pay/:productId`, `:orderId` in `/transfer/:orderId`. */
export function pathParam(): string {
  return pathSegment(window.location.pathname);
}

export function searchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
