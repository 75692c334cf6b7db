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

/** The address as the caps count it: an IPv4 address, or an IPv6 /64 (`2001:db8:1:2::/64`). */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
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
