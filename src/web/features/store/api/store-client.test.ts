import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStoreProducts, fetchVariantStock, storeQuery } from './store-client';
import { applyLiveStock } from './live-stock';
import { makeProduct, makeVariant } from '../store-test-data';

afterEach(() => vi.unstubAllGlobals());

describe('store client', () => {
  it('reports any non-OK answer as HTTP {status}: {statusText}', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(fetchStoreProducts()).rejects.toThrow('HTTP 503: Service Unavailable');
  });

  it('asks live stock with fields=inventory_quantity and repeated product_ids[]', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ variants: [] })));
    vi.stubGlobal('fetch', fetchMock);
    await fetchVariantStock(['p1', 'p2']);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/store/vendemas/variants?fields=inventory_quantity&product_ids%5B%5D=p1&product_ids%5B%5D=p2',
      expect.objectContaining({
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
    expect(storeQuery({ a: undefined })).toBe('');
  });

  it('lets live stock override the stock embedded in the product', () => {
    const product = makeProduct({
      variants: [
        makeVariant({ id: 'a', manage_inventory: true, inventory_quantity: 9 }),
        makeVariant({ id: 'b', manage_inventory: true, inventory_quantity: 4 }),
      ],
    });
    const live = applyLiveStock(product, {
      variants: [{ id: 'a', product_id: 'prod_1', manage_inventory: true, inventory_quantity: 1 }],
    });
    expect(live.variants.map((v) => v.inventory_quantity)).toEqual([1, 4]);
  });
});
