import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TMP_ROOT } from '../../../tests/setup/databases';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { seedTestCatalogue } from '../../../tests/factories/store-catalogue';
import { precompressDirectory } from '../lib/static-compression';

/** Decodes a body by its Content-Encoding, as a browser does. */
function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

const ASSET = '/assets/index-abc123.js';
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "producto ${i}" }`).join(', ')}];\n`;
const page = `<!doctype html><html lang="es-AR"><head><title>VendeMás</title>${'<meta name="x" content="relleno para pasar de 1 KB">'.repeat(30)}</head><body><div id="root"></div></body></html>`;

describe('compressed static files and pages', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    mkdirSync(TMP_ROOT, { recursive: true });
    webDir = mkdtempSync(path.join(TMP_ROOT, 'web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), page);
    writeFileSync(path.join(webDir, ASSET), script);
    writeFileSync(path.join(webDir, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'logo.png'), Buffer.alloc(2048, 7));
    mkdirSync(path.join(webDir, '.vite'));
    writeFileSync(
      path.join(webDir, '.vite', 'route-preloads.json'),
      JSON.stringify({
        '/store': { modules: ['/assets/store-page-abc.js'], data: [] },
        '/product/:id': {
          modules: ['/assets/product-page-abc.js'],
          data: ['/api/store/{storeId}/products/{id}', '/api/x?a=1&ids%5B%5D={id}'],
        },
      }),
    );
    // What the build does (scripts/build.ts); the app reads the copies at start.
    await precompressDirectory(webDir, (file) => file === 'index.html');
    t = await createTestApp({}, (config) => ({ ...config, webDir }));
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('writes brotli and gzip copies at build time, except for index.html and small files', () => {
    const original = readFileSync(path.join(webDir, ASSET));
    expect(brotliDecompressSync(readFileSync(path.join(webDir, `${ASSET}.br`)))).toEqual(original);
    expect(gunzipSync(readFileSync(path.join(webDir, `${ASSET}.gz`)))).toEqual(original);
    expect(() => readFileSync(path.join(webDir, 'index.html.br'))).toThrow();
    expect(() => readFileSync(path.join(webDir, 'assets/tiny-abc123.js.br'))).toThrow();
    expect(() => readFileSync(path.join(webDir, 'logo.png.br'))).toThrow();
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('answers a hashed script asked with %j in %s', async (acceptEncoding, expected) => {
    const response = await t.app.inject({
      url: ASSET,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(decode(response.rawPayload, expected).toString()).toBe(script);
    if (expected) expect(response.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('answers the page (%s) with the runtime config in it', async (acceptEncoding, expected) => {
    for (const url of ['/', '/store', '/product/aurora-desk-lamp']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': acceptEncoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      const html = decode(response.rawPayload, expected).toString();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="application/json" id="vm-config">');
    }
  });

  it('answers a HEAD with the headers of the GET and no body', async () => {
    const get = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'br' } });
    const head = await t.app.inject({
      method: 'HEAD',
      url: ASSET,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.rawPayload.length).toBe(0);
  });

  it('revalidates with a distinct ETag per encoding', async () => {
    const br = await t.app.inject({ url: ASSET, headers: { 'accept-encoding': 'br' } });
    const plain = await t.app.inject({ url: ASSET });
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const again = await t.app.inject({
      url: ASSET,
      headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe('accept-encoding');
    expect(again.rawPayload.length).toBe(0);
    const otherEncoding = await t.app.inject({
      url: ASSET,
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) },
    });
    expect(otherEncoding.statusCode).toBe(200);
  });

  it('sends small text files as they are, and images through the static handler', async () => {
    const tiny = await t.app.inject({
      url: '/assets/tiny-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('console.log(1)');
    const image = await t.app.inject({ url: '/logo.png', headers: { 'accept-encoding': 'br' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers['cache-control']).toBe('public, max-age=300');
  });

  it('announces the chunks and API answers a page needs, filled in for its path', async () => {
    const product = await t.app.inject('/product/taza%20azul');
    expect(product.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/product-page-abc.js">',
    );
    expect(product.body).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/store/vendemas/products/taza%20azul">',
    );
    expect(product.body).toContain('href="/api/x?a=1&amp;ids%5B%5D=taza%20azul"');
    const store = await t.app.inject({ url: '/store/', headers: { 'accept-encoding': 'br' } });
    const storeHtml = decode(store.rawPayload, 'br').toString();
    expect(storeHtml).toContain('href="/assets/store-page-abc.js"');
    expect(storeHtml).toContain('id="vm-config"');
    for (const url of ['/', '/product', '/product/a/b', '/stores']) {
      const other = await t.app.inject(url);
      expect(other.body, url).not.toContain('modulepreload');
    }
  });

  it("announces a product page's opening image, read from the catalogue", async () => {
    await seedTestCatalogue(t.app.db);
    const preload = (href: string) =>
      `<link rel="preload" as="image" fetchpriority="high" href="${href}">`;
    const lamp = await t.app.inject('/product/lamp');
    expect(lamp.body).toContain(preload('/catalogue/lamp-1.svg'));
    expect(lamp.body).not.toContain('lamp-2.svg');
    // No image, an unknown product, another page: nothing announced.
    for (const url of ['/product/mug', '/product/no-such-product', '/store']) {
      const other = await t.app.inject(url);
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('as="image"');
    }
  });

  it("does not publish the build's own notes", async () => {
    const response = await t.app.inject('/.vite/route-preloads.json');
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('does not publish the compressed copies as files of their own', async () => {
    const response = await t.app.inject(`${ASSET}.br`);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const plain = await t.app.inject('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const coding of ['br', 'gzip']) {
      const response = await t.app.inject({
        url: '/api/docs/json',
        headers: { 'accept-encoding': coding },
      });
      expect(response.headers['content-encoding']).toBe(coding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(decode(response.rawPayload, coding).toString()).toBe(plain.body);
    }
    const health = await t.app.inject({
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });
});
