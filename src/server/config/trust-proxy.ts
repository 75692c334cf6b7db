import { isIP } from 'node:net';

/**
 * Which proxies' X-Forwarded-For entries to believe (Fastify's `trustProxy`):
 * none, the last n hops, or these addresses and ranges.
 */
export type TrustProxy = false | number | string[];

/** Names @fastify/proxy-addr expands into address ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify takes it: `false`/`0` none; `true` one hop (a single
 * load balancer: the address it appended is the client's); `n` hops; or a
 * comma-separated list of the proxies' addresses and CIDR ranges. Trusting
 * every hop (Fastify's `true`) is never offered: the leftmost X-Forwarded-For
 * entry is whatever the client wrote. A string answer is the problem.
 */
export function parseTrustProxy(value: string): TrustProxy | string {
  const lower = value.toLowerCase();
  if (['', 'false', 'no', '0'].includes(lower)) return false;
  if (['true', 'yes'].includes(lower)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 32 ? hops : 'TRUST_PROXY must be at most 32 hops';
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length) {
    return `TRUST_PROXY must be true, false, a number of hops, or proxy addresses/CIDRs separated by commas (not understood: ${bad.map((entry) => JSON.stringify(entry)).join(', ')})`;
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(mask) === 4;
}
