import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets we must be able to read back (payment
 * providers' tokens): AES-256-GCM with a key derived from APP_SECRET.
 *
 * A sealed value reads `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url). The
 * key id names the key that sealed it, so APP_SECRET can be rotated: put the
 * old secret in APP_SECRET_PREVIOUS, and values sealed with it still open
 * (and report `needsReseal`) until they are written again with the new one.
 * The caller's context (e.g. `payment-method:<id>:secretKey`) is bound as
 * associated data: a value copied into another row or field does not open.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
  /** True when the value was sealed with a previous key. */
  needsReseal(sealed: string): boolean;
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

interface Key {
  id: string;
  bytes: Buffer;
}

function deriveKey(secret: string): Key {
  const bytes = Buffer.from(
    hkdfSync('sha256', secret, 'vendemas-secret-box', 'aes-256-gcm v1', 32),
  );
  const id = createHmac('sha256', bytes).update('key-id').digest('base64url').slice(0, 8);
  return { id, bytes };
}

export function createSecretBox(secrets: { current: string; previous?: string[] }): SecretBox {
  const current = deriveKey(secrets.current);
  const keys = new Map<string, Key>(
    [current, ...(secrets.previous ?? []).map(deriveKey)].map((key) => [key.id, key]),
  );
  keys.set(current.id, current);

  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== 'v1') throw new SecretBoxError('not a sealed value');
    const [, keyId = '', iv = '', tag = '', data = ''] = parts;
    return { keyId, iv, tag, data };
  };

  return {
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv);
      cipher.setAAD(Buffer.from(context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', current.id, iv, tag, data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const { keyId, iv, tag, data } = parse(sealed);
      const key = keys.get(keyId);
      if (!key) throw new SecretBoxError('sealed with an unknown key (was APP_SECRET changed?)');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed value does not open with its key and context');
      }
    },
    needsReseal(sealed) {
      return parse(sealed).keyId !== current.id;
    },
  };
}
