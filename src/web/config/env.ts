/**
 * What the browser may know about its configuration: only Vite's public
 * `VITE_*` variables, read here and nowhere else.
 */

/** The demo store the server seeds; kept in step with the server's default. */
const FALLBACK_STORE_ID = 'vendemas';

function clean(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

export const webEnv = {
  /** Base URL of the storefront API (spec 01 §7); default: this server's own `/api`. */
  storeApiUrl: (clean(import.meta.env.VITE_STORE_API_URL) ?? '/api').replace(/\/+$/, ''),
  /** The fixed store identifier every storefront call goes under. */
  storeId: clean(import.meta.env.VITE_STORE_ID) ?? FALLBACK_STORE_ID,
} as const;
