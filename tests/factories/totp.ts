import { createHmac } from 'node:crypto';

/**
 * An authenticator app in a test: the six-digit code of an otpauth:// URI
 * (RFC 6238, SHA-1, 30 s), written here from the RFC so tests check the
 * plugin's codes against an independent implementation.
 */
export function totpCode(otpauthUri: string, at = Date.now()): string {
  const url = new URL(otpauthUri);
  const secret = url.searchParams.get('secret');
  if (!secret) throw new Error(`no secret in ${otpauthUri}`);
  const period = Number(url.searchParams.get('period') ?? 30);
  const digits = Number(url.searchParams.get('digits') ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / period)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, '0');
}

/** The secret of an otpauth:// URI, as its page shows it for typing by hand. */
export function totpSecret(otpauthUri: string): string {
  return new URL(otpauthUri).searchParams.get('secret') ?? '';
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    bits += index.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}
