import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompress, preferredEncoding } from './content-encoding';

describe('preferredEncoding (Accept-Encoding)', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['gzip;q=0, br;q=0', 'identity'],
    ['identity;q=0, gzip', 'gzip'],
    ['deflate', 'identity'],
    ['BR', 'br'],
    ['gzip;q=nonsense, br;q=0.1', 'br'],
  ])('%s → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('precompress', () => {
  it('keeps the three forms of one body, each decompressing to the original', () => {
    const html = '<!doctype html>'.padEnd(5000, '<p>VendeMás</p>');
    const body = precompress(html);
    expect(brotliDecompressSync(body.br).toString()).toBe(html);
    expect(gunzipSync(body.gzip).toString()).toBe(html);
    expect(body.br.length).toBeLessThan(body.identity.length / 5);
  });
});
