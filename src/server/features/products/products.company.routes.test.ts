import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { uploadProductImages } from '../../../../tests/factories/image-upload';

const photo = (color: number) =>
  sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: color, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();

describe('company products /api/company/products', () => {
  let t: TestApp;
  let company: CreatedUser;
  let other: CreatedUser;
  let seller: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp();
    company = await createUser(t.app, { role: 'company', company: 'Yerbatera Misionera SA' });
    other = await createUser(t.app, { role: 'company', company: 'Otra Empresa SRL' });
    seller = await createUser(t.app, { role: 'seller' });
  });
  afterAll(() => t.close());

  const call = (
    user: CreatedUser | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { origin: t.config.appUrl, ...(user ? { cookie: user.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const upload = (
    user: CreatedUser,
    id: string,
    files: { name: string; data: Buffer; field?: string }[],
  ) => uploadProductImages(t, user, id, files);
  const mate = {
    title: 'Yerba Mate Orgánica 1 kg',
    description: 'Secado barbacuá.',
    price_cents: 1_000_000,
    stock: 40,
    category: 'Almacén',
    is_active: true,
    commission_bps: 1200,
  };

  it('is only for companies', async () => {
    expect((await call(undefined, 'GET', '/api/company/products')).statusCode).toBe(401);
    expect((await call(seller, 'GET', '/api/company/products')).statusCode).toBe(403);
  });

  it('needs the collector id before the first product, with the spec message', async () => {
    const response = await call(company, 'POST', '/api/company/products', mate);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: 'COLLECTOR_ID_REQUIRED',
      message: PRODUCT_MESSAGES.collectorRequired,
    });
    const bad = await call(company, 'PATCH', '/api/company/settings', {
      provider_collector_id: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/ID de Cobrador/);
    for (const user of [company, other]) {
      const saved = await call(user, 'PATCH', '/api/company/settings', {
        provider_collector_id: '123456789',
      });
      expect(saved.json()).toMatchObject({ provider_collector_id: '123456789' });
    }
  });

  it('creates a product with the buyer price and the split computed on the server', async () => {
    const response = await call(company, 'POST', '/api/company/products', mate);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: mate.title,
      price_cents: 1_000_000,
      commission_bps: 1200,
      buyer_price_cents: 1_120_000,
      seller_commission_cents: 90_000,
      platform_commission_cents: 30_000,
      image_urls: [],
      company_id: company.id,
    });
  });

  it('gives a 1-cent product a 1-cent commission: the figures the form shows', async () => {
    const kiosk = await createUser(t.app, { role: 'company', company: 'Kiosco Centro' });
    await call(kiosk, 'PATCH', '/api/company/settings', { provider_collector_id: '123456789' });
    const response = await call(kiosk, 'POST', '/api/company/products', {
      ...mate,
      title: 'Caramelo suelto',
      price_cents: 1,
      commission_bps: 300,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      price_cents: 1,
      buyer_price_cents: 2,
      seller_commission_cents: 1,
      platform_commission_cents: 0,
    });
  });

  it('refuses bad fields with Spanish messages and a commission below 3 %', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...mate, commission_bps: 299 }, /comisión/],
      [{ ...mate, title: '' }, /título/],
      [{ ...mate, price_cents: 0 }, /precio/],
      [{ ...mate, price_cents: 10.5 }, /precio/],
      [{ ...mate, stock: -1 }, /stock/],
    ];
    for (const [body, message] of cases) {
      const response = await call(company, 'POST', '/api/company/products', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toMatch(message);
    }
  });

  it('lists newest first, searches titles literally and pages', async () => {
    await call(company, 'POST', '/api/company/products', {
      ...mate,
      title: 'Mate de calabaza 100% natural',
    });
    await call(company, 'POST', '/api/company/products', { ...mate, title: 'Bombilla de alpaca' });
    const all = (await call(company, 'GET', '/api/company/products')).json();
    expect(all.items.map((p: { title: string }) => p.title)).toEqual([
      'Bombilla de alpaca',
      'Mate de calabaza 100% natural',
      mate.title,
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, page_size: 20 });
    const found = (await call(company, 'GET', '/api/company/products?q=100%25')).json();
    expect(found.items.map((p: { title: string }) => p.title)).toEqual([
      'Mate de calabaza 100% natural',
    ]);
    const second = (await call(company, 'GET', '/api/company/products?page=2&page_size=2')).json();
    expect(second.items).toHaveLength(1);
    expect((await call(company, 'GET', '/api/company/products?page_size=500')).statusCode).toBe(
      400,
    );
    expect((await call(other, 'GET', '/api/company/products')).json().total).toBe(0);
  });

  it('edits stock, commission and state but never title, price or category', async () => {
    const { items } = (await call(company, 'GET', '/api/company/products')).json();
    const id = items[0].id as string;
    for (const field of ['title', 'price_cents', 'category']) {
      const response = await call(company, 'PATCH', `/api/company/products/${id}`, {
        [field]: field === 'price_cents' ? 5 : 'otro',
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.message).toBe(PRODUCT_MESSAGES.lockedFields);
    }
    const response = await call(company, 'PATCH', `/api/company/products/${id}`, {
      stock: 7,
      commission_bps: 500,
      is_active: false,
    });
    expect(response.json()).toMatchObject({ stock: 7, commission_bps: 500, is_active: false });
  });

  it('keeps other companies out: their products answer 404', async () => {
    const { items } = (await call(company, 'GET', '/api/company/products')).json();
    const id = items[0].id as string;
    expect((await call(other, 'GET', `/api/company/products/${id}`)).statusCode).toBe(404);
    expect(
      (await call(other, 'PATCH', `/api/company/products/${id}`, { stock: 1 })).statusCode,
    ).toBe(404);
    expect((await call(other, 'DELETE', `/api/company/products/${id}`)).statusCode).toBe(404);
    expect((await upload(other, id, [{ name: 'a.png', data: await photo(10) }])).statusCode).toBe(
      404,
    );
    expect((await call(company, 'GET', `/api/company/products/${id}`)).json().stock).toBe(7);
  });

  describe('images', () => {
    let id: string;
    const storedFiles = () => {
      const dir = path.join(t.config.dataDir, 'files', 'public', 'products', company.id, id);
      try {
        return readdirSync(dir).filter((name) => name.endsWith('.webp'));
      } catch {
        return [];
      }
    };

    beforeAll(async () => {
      id = (
        await call(company, 'POST', '/api/company/products', { ...mate, title: 'Con fotos' })
      ).json().id;
    });

    it('stores each photo at two sizes and serves them', async () => {
      const response = await upload(company, id, [
        { name: 'frente.png', data: await photo(200) },
        { name: 'dorso.png', data: await photo(40) },
      ]);
      expect(response.statusCode).toBe(201);
      const product = response.json();
      expect(product.image_urls).toHaveLength(2);
      expect(product.thumbnail_urls).toHaveLength(2);
      expect(storedFiles()).toHaveLength(4);
      const image = await t.app.inject(product.image_urls[0]);
      expect(image.headers['content-type']).toBe('image/webp');
      expect((await sharp(image.rawPayload).metadata()).width).toBe(1200);
      const thumbnail = await t.app.inject(product.thumbnail_urls[0]);
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(480);
    });

    it('saves nothing when one file of the batch is not an image', async () => {
      const response = await upload(company, id, [
        { name: 'bien.png', data: await photo(90) },
        { name: 'nota.txt', data: Buffer.from('no soy una imagen') },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        PRODUCT_MESSAGES.imageUploadFailed(
          'nota.txt',
          'El archivo no es una imagen PNG, JPG, GIF o WebP.',
        ),
      );
      expect(storedFiles()).toHaveLength(4);
      expect(
        (await call(company, 'GET', `/api/company/products/${id}`)).json().image_urls,
      ).toHaveLength(2);
    });

    it('enforces the 10 MB limit', async () => {
      const response = await upload(company, id, [
        { name: 'enorme.png', data: Buffer.alloc(10 * 1024 * 1024 + 1) },
      ]);
      expect(response.statusCode).toBe(413);
      expect(storedFiles()).toHaveLength(4);
    });

    it('reorders and drops images, deleting the dropped files, and refuses foreign URLs', async () => {
      const before = (await call(company, 'GET', `/api/company/products/${id}`)).json();
      const [first, second] = before.image_urls as string[];
      const reordered = await call(company, 'PATCH', `/api/company/products/${id}`, {
        image_urls: [second, first],
      });
      expect(reordered.json().image_urls).toEqual([second, first]);
      const foreign = await call(company, 'PATCH', `/api/company/products/${id}`, {
        image_urls: [second, '/files/products/otra/foto.webp'],
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().error.message).toBe(PRODUCT_MESSAGES.imagesOnlyReorder);
      const dropped = await call(company, 'PATCH', `/api/company/products/${id}`, {
        image_urls: [second],
      });
      expect(dropped.json().image_urls).toEqual([second]);
      expect(storedFiles()).toHaveLength(2);
      expect((await t.app.inject(first as string)).statusCode).toBe(404);
    });

    it('deletes a product: gone from the list, its images removed', async () => {
      expect((await call(company, 'DELETE', `/api/company/products/${id}`)).statusCode).toBe(204);
      expect((await call(company, 'GET', `/api/company/products/${id}`)).statusCode).toBe(404);
      expect(storedFiles()).toHaveLength(0);
      const { items } = (await call(company, 'GET', '/api/company/products')).json();
      expect(items.map((p: { id: string }) => p.id)).not.toContain(id);
      expect((await call(company, 'DELETE', `/api/company/products/${id}`)).statusCode).toBe(404);
    });
  });
});
