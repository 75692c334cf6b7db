import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/setup/test-app';
import { storeRoutesFixture } from '../../../../tests/factories/store-routes-fixture';

describe('storefront API /api/store/:storeId', () => {
  let t: TestApp;
  const { get, post, checkout, stock, orderOf } = storeRoutesFixture((app) => (t = app));

  describe('catalogue', () => {
    it('answers 404 for another store id', async () => {
      for (const url of [
        '/api/store/other/products',
        '/api/store/other/products/lamp',
        '/api/store/other/variants?product_ids[]=lamp',
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('NOT_FOUND');
      }
      const ours = await checkout([{ variant_id: 'mug-default', quantity: 1 }]);
      expect(ours.statusCode).toBe(200);
      const { id, token } = orderOf(ours.json().url);
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      const other = await post('/api/store/other/checkout', {});
      expect(other.statusCode).toBe(404);
    });

    it('lists published products in order with count, offset, limit and derived prices', async () => {
      const response = await get('/api/store/vendemas/products');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/json');
      const body = response.json();
      expect(body).toMatchObject({ count: 4, offset: 0, limit: 20 });
      expect(body.products.map((p: { id: string }) => p.id)).toEqual([
        'lamp',
        'mug',
        'poster',
        'sample',
      ]);
      const lamp = body.products[0];
      expect(lamp).toMatchObject({
        title: 'Walnut Desk Lamp',
        ribbon_text: 'Sale',
        thumbnail: '/catalogue/lamp-1.svg',
        // lowest effective price: Walnut on sale at 69.00 beats Oak at 75.00
        price_in_cents: 8900,
        sale_price_in_cents: 6900,
        currency: 'eur',
        price_formatted: '€89.00',
        sale_price_formatted: '€69.00',
        images: [
          { url: '/catalogue/lamp-1.svg', order: 0, type: 'image' },
          { url: '/catalogue/lamp-2.svg', order: 1, type: 'image' },
        ],
      });
      expect(lamp.options).toHaveLength(1);
      expect(lamp.options[0].title).toBe('Style');
      expect(lamp.options[0].values.map((v: { value: string }) => v.value)).toEqual([
        'Walnut',
        'Oak',
      ]);
      expect(lamp.variants[1]).toMatchObject({
        id: 'lamp-oak',
        title: 'Oak',
        image_url: '/catalogue/lamp-2.svg',
        manage_inventory: true,
        inventory_quantity: 2,
        prices: [
          {
            amount: 7500,
            sale_amount: null,
            currency_code: 'eur',
            currency: { code: 'EUR', symbol: '€', template: '€{{amount}}' },
          },
        ],
        price_in_cents: 7500,
        price_formatted: '€75.00',
        sale_price_formatted: null,
      });
      expect(lamp.variants[1].options[0]).toMatchObject({
        variant_id: 'lamp-oak',
        option_id: lamp.options[0].id,
        value: 'Oak',
      });
      expect(lamp.additional_info.map((i: { title: string }) => i.title)).toEqual(['Size', 'Care']);
    });

    it('sends browsers the catalogue gzipped, decoding to exactly the plain answer', async () => {
      for (const url of ['/api/store/vendemas/products', '/api/store/vendemas/products/lamp']) {
        const plain = await t.app.inject({ url });
        const zipped = await t.app.inject({
          url,
          headers: { 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toContain('accept-encoding');
        expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
      }
    });

    it('pages, sorts and filters by ids, hidden state and creation date', async () => {
      const page = (await get('/api/store/vendemas/products?offset=1&limit=2')).json();
      expect(page).toMatchObject({ count: 4, offset: 1, limit: 2 });
      expect(page.products.map((p: { id: string }) => p.id)).toEqual(['mug', 'poster']);

      const byPrice = (await get('/api/store/vendemas/products?sort_by=price&order=DESC')).json();
      expect(byPrice.products.map((p: { id: string }) => p.id)).toEqual([
        'lamp',
        'poster',
        'mug',
        'sample',
      ]);

      const ids = (await get('/api/store/vendemas/products?ids[]=mug&ids[]=poster')).json();
      expect(ids.count).toBe(2);
      expect(ids.products.map((p: { id: string }) => p.id).sort()).toEqual(['mug', 'poster']);

      const hidden = (await get('/api/store/vendemas/products?is_hidden=true')).json();
      expect(hidden.products.map((p: { id: string }) => p.id)).toEqual(['draft']);

      const old = (await get('/api/store/vendemas/products?to_date=2000-01-01T00:00:00Z')).json();
      expect(old.count).toBe(0);
    });

    it('answers 400 with a message for bad query values', async () => {
      for (const query of [
        'limit=0',
        'limit=abc',
        'limit=101',
        'offset=-1',
        'order=sideways',
        'sort_by=colour',
        'is_hidden=maybe',
        'to_date=yesterday',
      ]) {
        const response = await get(`/api/store/vendemas/products?${query}`);
        expect(response.statusCode, query).toBe(400);
        const error = response.json().error;
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.message.length).toBeGreaterThan(5);
      }
    });

    it('answers one product with its media, and 404 for an unknown one', async () => {
      const response = await get('/api/store/vendemas/products/lamp');
      expect(response.statusCode).toBe(200);
      const product = response.json();
      expect(product.id).toBe('lamp');
      expect(product.media).toEqual(product.images);
      expect(product.variants).toHaveLength(2);

      const missing = await get('/api/store/vendemas/products/nope');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe('Product not found.');
    });

    it('answers live stock per variant, quantity minus reserved', async () => {
      await get('/api/store/vendemas/products/lamp');
      await get('/api/store/vendemas/products?ids[]=lamp');
      const before = (
        await get('/api/store/vendemas/variants?fields=inventory_quantity&product_ids[]=lamp')
      ).json();
      expect(before.variants).toEqual([
        { id: 'lamp-walnut', product_id: 'lamp', manage_inventory: true, inventory_quantity: 5 },
        { id: 'lamp-oak', product_id: 'lamp', manage_inventory: true, inventory_quantity: 2 },
      ]);
      const { url } = (await checkout([{ variant_id: 'lamp-walnut', quantity: 2 }])).json();
      const after = (
        await get('/api/store/vendemas/variants?fields=inventory_quantity&product_ids[]=lamp')
      ).json();
      expect(after.variants[0].inventory_quantity).toBe(3);
      // The cached catalogue answers are dropped by the write, so the product shows it too.
      const product = (await get('/api/store/vendemas/products/lamp')).json();
      expect(product.variants[0].inventory_quantity).toBe(3);
      const list = (await get('/api/store/vendemas/products?ids[]=lamp')).json();
      expect(list.products[0].variants[0].inventory_quantity).toBe(3);
      const { id, token } = orderOf(url);
      await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
      expect(await stock('lamp-walnut')).toEqual({ quantity: 5, reserved: 0 });
    });
  });
});
