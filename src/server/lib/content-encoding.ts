import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/**
 * Picks how to send a response from the request's Accept-Encoding
 * (RFC 9110 §12.5.3): `q=0` refuses a coding, `*` stands for any coding
 * not named, the higher q wins and brotli wins a tie (it is the smaller);
 * any acceptable compression is preferred to identity, which is always the
 * fallback. Without the header, identity.
 */
export function preferredEncoding(header: string | undefined): ContentEncoding {
  if (!header) return 'identity';
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 0;
      }
    }
    weights.set(name, q);
  }
  const weight = (coding: string) => weights.get(coding) ?? weights.get('*') ?? 0;
  // Any acceptable compression beats sending the bytes as they are; brotli wins a tie.
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return 'identity';
}

/** A body kept in its three forms, compressed once (an in-memory page such as index.html). */
export interface PrecompressedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function precompress(body: string | Buffer): PrecompressedBody {
  const identity = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}
