import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { TINY_PDF, uniqueEmail } from '../../../../tests/factories/accounts';
import type { Storage } from '../../lib/storage';
import { users } from './auth.table';
import { registerAccount } from './register.service';

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
        password: 'clave-segura-123',
        confirmPassword: 'clave-segura-123',
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
