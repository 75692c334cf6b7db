import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { TEST_PASSWORD, TINY_PDF, uniqueEmail } from '../../../../tests/factories/accounts';
import { sellerSignUpFields, signUpMultipart } from '../../../../tests/factories/sign-up';
import { users } from '../auth/auth.table';
import { profiles } from '../profiles/profiles.table';

// Sign-up under settings other than the defaults: an admin code, an SMTP server that refuses.

describe('admin sign-up with a configured code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_SIGNUP_CODE: 'codigo-admin-muy-secreto' });
  });
  afterAll(() => t.close());

  const admin = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Alicia Admin',
        email: uniqueEmail('admin'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        role: 'admin',
        adminSecretCode: code,
      },
    });

  it('refuses a wrong code and accepts the right one', async () => {
    for (const code of ['codigo-admin-muy-secret', 'codigo-admin-muy-secretoo', 'x']) {
      const wrong = await admin(code);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error).toMatchObject({
        code: 'ADMIN_CODE_INVALID',
        message: ACCOUNT_MESSAGES.adminCodeInvalid,
      });
    }
    expect(await t.db.$count(users)).toBe(0);
    expect((await admin('codigo-admin-muy-secreto')).statusCode).toBe(201);
    const [profile] = await t.db.select().from(profiles);
    expect(profile?.role).toBe('admin');
  });
});

describe('a sign-up whose confirmation e-mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 of loopback: the SMTP connection is refused.
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t.close());

  it('fails with a Spanish message and leaves no user, profile or document behind', async () => {
    const body = signUpMultipart(sellerSignUpFields(uniqueEmail()), {
      name: 'dni.pdf',
      data: TINY_PDF,
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/register', ...body });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('SIGN_UP_FAILED');
    expect(await t.db.$count(users)).toBe(0);
    expect(await t.db.$count(profiles)).toBe(0);
    const dir = path.join(t.config.dataDir, 'files', 'private', 'identity-documents');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
