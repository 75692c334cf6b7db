import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../db/client';

/**
 * Who holds stock through unpaid orders, for the per-address caps of the
 * storefront and of payment links: a keyed hash of the client's network, so
 * the raw address is never stored. An IPv6 client usually owns a whole /64
 * (and picks a new address in it at will), so its addresses count together;
 * an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) is that IPv4 address.
 */
export function clientKey(address: string, secret: string): string {
  // The label predates payment links; it stays so keys already stored keep matching.
  return createHmac('sha256', secret)
    .update(`store-client:${clientNetwork(address)}`)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Who holds stock, for the payment links' caps: the client's key (its IPv4
 * address or IPv6 /64, as `clientKey`) and, for IPv6, the keyed hash of its
 * /48 (`prefixKey`), null for IPv4. A site usually gets a whole /48 and can
 * spread its buyers over 65,536 /64s: once four /64s of one /48 hold units,
 * the caps count that /48 as one client (pay-limits.ts).
 */
export interface ClientKeys {
  key: string;
  prefixKey: string | null;
}

export function clientKeys(address: string, secret: string): ClientKeys {
  const prefix = clientPrefix(address);
  return {
    key: clientKey(address, secret),
    prefixKey: prefix
      ? createHmac('sha256', secret).update(`client-prefix:${prefix}`).digest('hex').slice(0, 32)
      : null,
  };
}

/** The IPv6 /48 of an address (`2001:db8:1::/48`); null for IPv4, mapped IPv4 included. */
export function clientPrefix(address: string): string | null {
  const network = clientNetwork(address);
  if (!network.endsWith('::/64')) return null;
  return `${network.split(':').slice(0, 3).join(':')}::/48`;
}

/** The address as the caps count it: an IPv4 address, or an IPv6 /64 (`2001:db8:1:2::/64`). */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
}

/**
 * The network link analytics count one browser family in (visitor.ts): an
 * IPv4 /24 (`198.51.100.0/24`) or an IPv6 /64, never stored, only hashed.
 */
export function visitorNetwork(address: string): string {
  const network = clientNetwork(address);
  if (!isIPv4(network)) return network;
  return `${network.split('.').slice(0, 3).join('.')}.0/24`;
}

/** The eight groups of an IPv6 address, without leading zeros (`::` expanded, a zone dropped). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail = ''] = address.replace(/%.*$/, '').split('::');
  const split = (part: string) =>
    part
      ? part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [group];
          // An embedded IPv4 address (`64:ff9b::192.0.2.1`) is the last two groups.
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        })
      : [];
  const left = split(head);
  const right = split(tail);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups.map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * Queues one client's unpaid orders behind each other for the rest of the
 * transaction, so two at once cannot both pass a per-address cap. Keyed by the
 * client only: buyers on other addresses never wait here.
 */
export async function lockClient(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select ${clientLock(key)}`);
}

/**
 * The same lock as an expression, to take it inside a statement the caller
 * makes anyway (a payment-link order takes it while its row is written). It is
 * held from then to the end of the transaction; what the caller reads in its
 * later statements sees every order the client's earlier transactions committed.
 */
export function clientLock(key: string): SQL {
  return sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}
