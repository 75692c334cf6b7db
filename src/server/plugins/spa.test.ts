import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../scripts/lib/precompress';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';

const SCRIPT = `export const app = ${JSON.stringify('VendeMás '.repeat(2000))};\n`;

describe('static files are sent compressed (built .br and .gz, chosen by Accept-Encoding)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (config) => {
      const webDir = path.join(config.dataDir, 'web');
      mkdirSync(path.join(webDir, 'assets'), { recursive: true });
      writeFileSync(
        path.join(webDir, 'index.html'),
        `<!doctype html><html><head><title>VendeMás</title></head><body>${'<p>hola</p>'.repeat(300)}<div id="root"></div></body></html>`,
      );
      writeFileSync(path.join(webDir, 'assets', 'app-abc123.js'), SCRIPT);
      precompressDir(webDir);
      return { ...config, webDir };
    });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
    });

  it('a hashed script: brotli, gzip or as it is, always with Vary and its own type', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('index.html (with the runtime config) the same way', async () => {
    const br = await get('/store', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = brotliDecompressSync(br.rawPayload).toString();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('application/json');

    const gzip = await get('/store', 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(html);

    const plain = await get('/store', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});
