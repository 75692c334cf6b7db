import { createHash, randomBytes } from 'node:crypto';

/**
 * How every order is named and opened, whichever surface placed it: a short
 * reference a person can type, and a secret token in the buyer's link of which
 * only the hash is stored.
 */

/** A new buyer's link token (192 random bits); only `hashBuyerToken` of it is stored. */
export function newBuyerToken(): string {
  return randomBytes(24).toString('base64url');
}

export function hashBuyerToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Our reference for an order: what the buyer writes in a transfer and what
 * MercadoPago carries as external_reference. Short enough to type, random
 * enough (50 bits) never to collide in practice; the unique index decides.
 */
export function newExternalReference(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += REFERENCE_ALPHABET[byte % 32];
  return `VM-${code}`;
}

/** A reference as a person may type it (any case, spaces, with or without `VM-`), as stored. */
export function normalizeExternalReference(text: string): string {
  const code = text.replace(/\s/g, '').toUpperCase();
  return code.startsWith('VM-') ? code : `VM-${code}`;
}
