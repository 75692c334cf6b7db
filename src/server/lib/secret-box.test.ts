import { describe, expect, it } from 'vitest';
import { createSecretBox, SecretBoxError } from './secret-box';

const OLD = 'old-secret-old-secret-old-secret-0001';
const NEW = 'new-secret-new-secret-new-secret-0002';

describe('secret box', () => {
  it('seals with a fresh nonce and opens only with the same context', () => {
    const box = createSecretBox({ current: NEW });
    const a = box.seal('APP_USR-1234567890', 'payment-method:1:accessToken');
    const b = box.seal('APP_USR-1234567890', 'payment-method:1:accessToken');
    expect(a).not.toBe(b);
    expect(a).not.toContain('1234567890');
    expect(box.open(a, 'payment-method:1:accessToken')).toBe('APP_USR-1234567890');
    expect(() => box.open(a, 'payment-method:2:accessToken')).toThrow(SecretBoxError);
  });

  it('refuses a tampered value', () => {
    const box = createSecretBox({ current: NEW });
    const sealed = box.seal('sk_test_abc', 'ctx');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[4] ?? '', 'base64url');
    data[0] = (data[0] ?? 0) ^ 1;
    parts[4] = data.toString('base64url');
    expect(() => box.open(parts.join('.'), 'ctx')).toThrow(SecretBoxError);
    expect(() => box.open('no es un valor', 'ctx')).toThrow(SecretBoxError);
  });

  it('opens values of a previous key after rotation and says they need resealing', () => {
    const sealed = createSecretBox({ current: OLD }).seal('sk_live_xyz', 'ctx');
    const rotated = createSecretBox({ current: NEW, previous: [OLD] });
    expect(rotated.open(sealed, 'ctx')).toBe('sk_live_xyz');
    expect(rotated.needsReseal(sealed)).toBe(true);
    expect(rotated.needsReseal(rotated.seal('sk_live_xyz', 'ctx'))).toBe(false);
    expect(() => createSecretBox({ current: NEW }).open(sealed, 'ctx')).toThrow(/unknown key/);
  });
});
