import { afterEach, describe, expect, it, vi } from 'vitest';
import { webEnv } from '@web/config/env';
import {
  fetchStoreProduct,
  fetchStoreProducts,
  fetchVariantStock,
} from '@web/features/store/api/store-client';
import { ROUTE_PRELOADS } from './route-preloads';

/** Fills a template as the server does (src/server/plugins/spa.ts). */
function fill(template: string, id: string): string {
  return template
    .replace('{storeId}', encodeURIComponent(webEnv.storeId))
    .replace('{id}', encodeURIComponent(id));
}

describe('route preloads', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('announces exactly the URLs the product page fetches, so the browser reuses them', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ id: 'aurora-desk-lamp', variants: [] }));
      }),
    );
    await fetchStoreProduct('aurora-desk-lamp');
    await fetchVariantStock(['aurora-desk-lamp']);
    const product = ROUTE_PRELOADS.find((route) => route.path === '/product/:id');
    expect(product?.data?.map((template) => fill(template, 'aurora-desk-lamp'))).toEqual(urls);
  });

  it('announces the product list the store page fetches first', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ products: [], count: 0, offset: 0, limit: 100 }));
      }),
    );
    await fetchStoreProducts();
    const store = ROUTE_PRELOADS.find((route) => route.path === '/store');
    expect(store?.data?.map((template) => fill(template, ''))).toEqual(urls);
  });
});
