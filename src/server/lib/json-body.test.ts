import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, encodeJsonBody } from './json-body';

describe('cached JSON bodies', () => {
  it('keeps the bytes and a gzip that decompresses to the same bytes', async () => {
    const value = { products: [{ title: 'Mate de calabaza', price: '€12.00' }], count: 1 };
    const body = await encodeJsonBody(value);
    expect(JSON.parse(body.raw.toString('utf8'))).toEqual(value);
    expect(gunzipSync(body.gzip).equals(body.raw)).toBe(true);
  });

  it('reads Accept-Encoding as browsers and proxies send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(['identity', 'gzip'])).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
