import type {
  StoreCheckoutRequest,
  StoreCheckoutResponse,
  StoreProductDetail,
  StoreProductsResponse,
  StoreVariantsResponse,
} from '@shared/store/store.schema';
import { webEnv } from '@web/config/env';

/** The error body the store service answers: `{ "error": { "code", "message", "fields"? } }`. */
export interface StoreErrorDetail {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/**
 * spec 01 §8: any non-OK store answer is the error 'HTTP {status}: {statusText}'.
 * The service's own error body, when it sent one, rides along in `detail`.
 */
export class StoreHttpError extends Error {
  override name = 'StoreHttpError';
  constructor(
    readonly status: number,
    statusText: string,
    readonly detail?: StoreErrorDetail,
  ) {
    super(`HTTP ${status}: ${statusText}`);
  }
}

/**
 * The sentence to show a buyer for a refused request: the service's message for
 * a 4xx about the order itself (stock, limits), none for a malformed request
 * (field errors), a server failure or a network error.
 */
export function buyerMessageOf(error: unknown): string | undefined {
  if (!(error instanceof StoreHttpError) || !error.detail) return undefined;
  if (error.status < 400 || error.status >= 500 || error.detail.fields) return undefined;
  return error.detail.message.trim() || undefined;
}

async function readErrorDetail(response: Response): Promise<StoreErrorDetail | undefined> {
  try {
    const body = (await response.json()) as { error?: Partial<StoreErrorDetail> } | null;
    const error = body?.error;
    if (typeof error?.code !== 'string' || typeof error.message !== 'string') return undefined;
    return {
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  } catch {
    return undefined;
  }
}

type QueryValue = string | number | boolean | readonly string[] | undefined;

/** Builds `?a=1&ids[]=x&ids[]=y`, repeating array parameters as the service expects. */
export function storeQuery(params: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, item);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * spec 01 §7: every storefront call goes under the fixed store id, with no auth
 * header and a JSON content type.
 */
async function storeRequest<T>(path: string, init: RequestInit = {}): Promise<T> {
  const url = `${webEnv.storeApiUrl}/store/${encodeURIComponent(webEnv.storeId)}${path}`;
  const response = await fetch(url, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
  });
  if (!response.ok) {
    throw new StoreHttpError(response.status, response.statusText, await readErrorDetail(response));
  }
  return (await response.json()) as T;
}

export function fetchStoreProducts(): Promise<StoreProductsResponse> {
  // The demo catalogue fits in one page; the service caps a page at 100.
  return storeRequest(`/products${storeQuery({ limit: 100, sort_by: 'order', order: 'ASC' })}`);
}

/** The store's first product alone: enough to learn the store's currency. */
export function fetchFirstStoreProduct(): Promise<StoreProductsResponse> {
  return storeRequest(`/products${storeQuery({ limit: 1, sort_by: 'order', order: 'ASC' })}`);
}

export function fetchStoreProduct(id: string): Promise<StoreProductDetail> {
  return storeRequest(`/products/${encodeURIComponent(id)}`);
}

/** Live stock of the products' variants (spec 01 §7). */
export function fetchVariantStock(productIds: readonly string[]): Promise<StoreVariantsResponse> {
  return storeRequest(
    `/variants${storeQuery({ fields: 'inventory_quantity', 'product_ids[]': productIds })}`,
  );
}

export function createStoreCheckout(body: StoreCheckoutRequest): Promise<StoreCheckoutResponse> {
  return storeRequest('/checkout', { method: 'POST', body: JSON.stringify(body) });
}
