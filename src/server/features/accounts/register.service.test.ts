import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { TEST_PASSWORD, TINY_PDF, uniqueEmail } from '../../../../tests/factories/accounts';
import type { Storage } from '../../lib/storage';
import { users } from '../auth/auth.table';
import { MAIL_STEP_MS, registerAccount } from './register.service';

describe('registerAccount when the document cannot be stored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 'No se pudo subir el documento: …' and creates no user", async () => {
    const brokenStorage: Storage = {
      ...t.app.storage,
      put: async () => {
        throw new Error('disco lleno');
      },
    };
    const attempt = registerAccount(
      { db: t.db, auth: t.app.auth, storage: brokenStorage, adminSignupCode: undefined },
      {
        name: 'Sergio',
        email: uniqueEmail(),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        role: 'seller',
        province: 'Salta',
      },
      { filename: 'dni.pdf', data: TINY_PDF },
    );
    await expect(attempt).rejects.toMatchObject({
      code: 'UPLOAD_FAILED',
      message: ACCOUNT_MESSAGES.uploadErrorDescription('disco lleno'),
    });
    expect(await t.db.$count(users)).toBe(0);
  });
});

describe('sign-up timing does not reveal who is registered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const signUp = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Ana Empresaria',
        email,
        password,
        confirmPassword: password,
        role: 'company',
        companyName: 'Yerbatera Misionera SA',
        shipping_provinces: ['Misiones'],
      },
    });

  // Hashing is the slow part of a sign-up (scrypt): skipping it for a known
  // e-mail would answer in milliseconds instead of hundreds of them.
  it('hashes the password once and takes as long over the e-mail step, for a new e-mail and a registered one', async () => {
    const context = await t.app.auth.$context;
    const hash = vi.spyOn(context.password, 'hash');
    try {
      const email = uniqueEmail('empresa');
      expect((await signUp(email, TEST_PASSWORD)).statusCode).toBe(201);
      expect(hash).toHaveBeenCalledTimes(1);

      hash.mockClear();
      const started = performance.now();
      expect((await signUp(email, 'otra-clave-999')).statusCode).toBe(201);
      const elapsed = performance.now() - started;
      expect(hash).toHaveBeenCalledTimes(1);
      expect(hash).toHaveBeenCalledWith('otra-clave-999');
      // A lower bound only, so a busy machine cannot make it fail: the notice to
      // the owner takes as long as the confirmation step of a new account.
      expect(elapsed).toBeGreaterThanOrEqual(MAIL_STEP_MS);
      expect(await t.db.$count(users)).toBe(1);
    } finally {
      hash.mockRestore();
    }
  });
});
