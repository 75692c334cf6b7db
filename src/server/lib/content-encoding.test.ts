import { describe, expect, it } from 'vitest';
import { negotiateContentEncoding, parseAcceptEncoding } from './content-encoding';

describe('Accept-Encoding negotiation', () => {
  it('reads codings with their q-values, case-insensitively', () => {
    expect(parseAcceptEncoding('gzip, BR;q=0.8, identity; q=0.1')).toEqual(
      new Map([
        ['gzip', 1],
        ['br', 0.8],
        ['identity', 0.1],
      ]),
    );
    expect(parseAcceptEncoding(['gzip', 'x-gzip;q=0.5'])).toEqual(new Map([['gzip', 1]]));
  });

  it('counts a malformed q-value as "not acceptable"', () => {
    expect(parseAcceptEncoding('br;q=abc, gzip;q=2')).toEqual(
      new Map([
        ['br', 0],
        ['gzip', 0],
      ]),
    );
  });

  it('prefers brotli when a browser accepts both', () => {
    expect(negotiateContentEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateContentEncoding('br;q=1.0, gzip;q=1.0')).toBe('br');
  });

  it('follows the client when it ranks gzip higher', () => {
    expect(negotiateContentEncoding('br;q=0.5, gzip;q=0.9')).toBe('gzip');
  });

  it('sends gzip to clients that only know gzip (Chromium over plain http)', () => {
    expect(negotiateContentEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateContentEncoding('x-gzip')).toBe('gzip');
  });

  it('never sends a coding refused with q=0', () => {
    expect(negotiateContentEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateContentEncoding('br;q=0, *')).toBe('gzip');
    expect(negotiateContentEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });

  it('reads * as any coding not listed', () => {
    expect(negotiateContentEncoding('*')).toBe('br');
    expect(negotiateContentEncoding('gzip;q=0.2, *;q=0.5')).toBe('br');
    expect(negotiateContentEncoding('*;q=0')).toBe('identity');
  });

  it('keeps identity when the client prefers it or asks for nothing', () => {
    expect(negotiateContentEncoding(undefined)).toBe('identity');
    expect(negotiateContentEncoding('')).toBe('identity');
    expect(negotiateContentEncoding('identity')).toBe('identity');
    expect(negotiateContentEncoding('identity;q=1, gzip;q=0.5')).toBe('identity');
    expect(negotiateContentEncoding('deflate, zstd')).toBe('identity');
  });

  it('prefers a listed coding to an unlisted identity whatever its q', () => {
    expect(negotiateContentEncoding('gzip;q=0.1')).toBe('gzip');
    expect(negotiateContentEncoding('identity;q=0, gzip;q=0.1')).toBe('gzip');
  });

  it('only offers what the server has', () => {
    expect(negotiateContentEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateContentEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateContentEncoding('br, gzip', [])).toBe('identity');
  });
});
