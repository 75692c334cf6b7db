/**
 * Content negotiation for `Accept-Encoding` (RFC 9110 §12.5.3), shared by the
 * static files, index.html and JSON answers so they all read the header alike.
 */
export type ContentCoding = 'br' | 'gzip';
export type ChosenCoding = ContentCoding | 'identity';

/** The codings the server can produce, best first: brotli is ~15-20 % smaller than gzip on our bundles. */
export const CONTENT_CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/** `x-gzip` is the old name of gzip and means the same coding. */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * Reads the header into coding → q-value (lower-cased; the highest q wins when
 * a coding is listed twice). Malformed q-values count as 0, so a broken
 * header never turns on a coding the client did not ask for.
 */
export function parseAcceptEncoding(header: string | string[] | undefined): Map<string, number> {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [rawCoding = '', ...params] = part.split(';');
    const name = rawCoding.trim().toLowerCase();
    if (!name) continue;
    const coding = ALIASES[name] ?? name;
    let q = 1;
    for (const param of params) {
      const [key = '', raw = ''] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() !== 'q') continue;
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(raw) ? Number(raw) : 0;
    }
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  return weights;
}

/**
 * Picks the coding to answer with among `available` (server preference order).
 * - no header: identity (the safe choice for old clients and scripts);
 * - a coding's weight is its own entry, else `*`'s, else 0 (not acceptable);
 * - identity is acceptable unless `identity;q=0`, or `*;q=0` without an
 *   identity entry; when it is not listed it ranks below any listed coding;
 * - the highest q wins; on a tie compressed beats identity and the server's order decides;
 * - when nothing is acceptable, identity anyway: bytes the client can read
 *   beat a 406 for a page or a script.
 */
export function negotiateContentEncoding(
  header: string | string[] | undefined,
  available: readonly ContentCoding[] = CONTENT_CODINGS,
): ChosenCoding {
  if (header === undefined) return 'identity';
  const weights = parseAcceptEncoding(header);
  const star = weights.get('*');
  let best: ChosenCoding = 'identity';
  let bestQ = weights.get('identity') ?? star ?? Number.MIN_VALUE;
  for (const coding of available) {
    const q = weights.get(coding) ?? star ?? 0;
    if (q > 0 && (q > bestQ || (q === bestQ && best === 'identity'))) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}
