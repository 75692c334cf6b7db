import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import {
  createUser,
  OTHER_TEST_PASSWORD,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { passwordResetMail } from '../mail/templates';
import { readInbox } from '../mail/mailer';

/** One password of each kind the policy refuses, for the owner of `email`. */
function refusedPasswords(email: string) {
  const local = email.split('@')[0]!;
  return [
    { password: '12345678', code: 'PASSWORD_COMMON', message: ACCOUNT_MESSAGES.passwordCommon },
    { password: 'password', code: 'PASSWORD_COMMON', message: ACCOUNT_MESSAGES.passwordCommon },
    {
      password: `${local.toUpperCase()}-2026!`,
      code: 'PASSWORD_CONTAINS_EMAIL_NAME',
      message: ACCOUNT_MESSAGES.passwordContainsEmailName(local),
    },
    {
      password: 'futbol2026',
      code: 'PASSWORD_TOO_WEAK',
      message: expect.stringMatching(/^La contraseña es demasiado fácil de adivinar\. \S/),
    },
  ];
}

describe('the password policy on sign-up, reset and change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
      payload,
    });
  const expectRefused = (
    response: Awaited<ReturnType<typeof post>>,
    refusal: ReturnType<typeof refusedPasswords>[number],
  ) => {
    expect(response.statusCode, refusal.password).toBe(400);
    expect(response.json().error, refusal.password).toEqual({
      code: refusal.code,
      message: refusal.message,
      fields: { password: refusal.message },
    });
  };

  it('refuses a common, a weak and an e-mail-named password at sign-up, each for its reason', async () => {
    const email = uniqueEmail('juanperez');
    const fields = {
      name: 'Juan Pérez',
      email,
      role: 'company',
      companyName: 'Pérez Hnos SRL',
      shipping_provinces: ['Salta'],
    };
    for (const refusal of refusedPasswords(email)) {
      const response = await post('/api/register', {
        ...fields,
        password: refusal.password,
        confirmPassword: refusal.password,
      });
      expectRefused(response, refusal);
    }
    const accepted = await post('/api/register', {
      ...fields,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('refuses them for a reset too, and the link still works for a good password', async () => {
    const user = await createUser(t.app, { role: 'seller', signIn: false });
    await post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: `${t.config.appUrl}/update-password`,
    });
    const mail = (await readInbox(t.config.dataDir)).find(
      (entry) => entry.to === user.email && entry.subject === passwordResetMail('', '').subject,
    );
    const token = new URL(mail!.links[0]!).searchParams.get('token');
    for (const refusal of refusedPasswords(user.email)) {
      expectRefused(
        await post('/api/auth/reset-password', { newPassword: refusal.password, token }),
        refusal,
      );
    }
    const reset = await post('/api/auth/reset-password', {
      newPassword: OTHER_TEST_PASSWORD,
      token,
    });
    expect(reset.statusCode).toBe(200);
  });

  it('refuses them for a change of password, the current one right or not', async () => {
    const user = await createUser(t.app, { role: 'company' });
    for (const refusal of refusedPasswords(user.email)) {
      const response = await post(
        '/api/auth/change-password',
        { currentPassword: user.password, newPassword: refusal.password },
        user.cookie,
      );
      expectRefused(response, refusal);
    }
    const changed = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: OTHER_TEST_PASSWORD },
      user.cookie,
    );
    expect(changed.statusCode).toBe(200);
  });
});
