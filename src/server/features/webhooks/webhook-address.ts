import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_MESSAGES } from '@shared/integrations/webhooks.schema';
import { AppError } from '../../lib/app-error';

/** Where the endpoints may point (config.webhooks). */
export interface AddressPolicy {
  /** Development and tests: loopback and private addresses, and http in production. */
  allowPrivate: boolean;
  /** Production: https only. */
  httpsOnly: boolean;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name has (the system resolver; tests hand in their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  lookup(hostname, { all: true, verbatim: true });

/**
 * Whether an address is on the public internet: ipaddr.js names every special
 * range (loopback, private, link-local with the cloud metadata address,
 * unique-local, unspecified `0.0.0.0` and `::`, carrier-grade NAT, multicast,
 * broadcast, reserved, IPv4 inside IPv6, 6to4, Teredo, NAT64) and only what
 * is left is `unicast`. The delivery agent (request-filtering-agent, built on
 * ipaddr.js) draws the line in the same place.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return false;
  return ipaddr.parse(bare).range() === 'unicast';
}

function notAllowed(message: string = WEBHOOK_MESSAGES.urlNotAllowed): AppError {
  return new AppError('WEBHOOK_URL_NOT_ALLOWED', message, 400);
}

/**
 * Checks an endpoint's address when it is saved (API.md "Webhooks"): https in
 * production, and every address its host resolves to public. The URL parser
 * has already turned decimal, octal and hexadecimal IPv4 forms
 * (`http://2130706433/`) into dotted ones, so they are judged as what they are.
 * A delivery checks the address again after its own DNS lookup
 * (webhook-http.ts), so a name that later resolves elsewhere is caught there.
 */
export async function checkWebhookUrl(
  value: string,
  policy: AddressPolicy,
  resolve: ResolveHost = systemResolve,
): Promise<void> {
  const url = new URL(value);
  if (policy.httpsOnly && !policy.allowPrivate && url.protocol !== 'https:') {
    throw notAllowed(WEBHOOK_MESSAGES.urlNotHttps);
  }
  if (policy.allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw notAllowed();
    return;
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) {
    throw new AppError('WEBHOOK_URL_UNRESOLVABLE', WEBHOOK_MESSAGES.urlUnresolvable, 400);
  }
  if (!addresses.every(({ address }) => isPublicAddress(address))) throw notAllowed();
}
