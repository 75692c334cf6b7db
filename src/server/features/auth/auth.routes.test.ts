import { eq } from 'drizzle-orm';
import { passwordResetMail } from '../mail/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  cookieHeader,
  createUser,
  OTHER_TEST_PASSWORD,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../../../tests/factories/accounts';
import { readInbox } from '../mail/mailer';
import { sessions, verifications } from './auth.table';

describe('sign-in, sign-out and password recovery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, ip = '10.1.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email, password },
      remoteAddress: ip,
    });
  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  /** Asks for a password reset e-mail, with the link to the update-password page. */
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email, redirectTo: `${t.config.appUrl}/update-password` },
    });
  const resetLinkFor = async (email: string) => {
    const mail = (await readInbox(t.config.dataDir)).find(
      (m) => m.to === email && m.subject === passwordResetMail('', '').subject,
    );
    const link = mail?.links.find((l) => l.startsWith(`${t.config.appUrl}/update-password?token=`));
    return link ? new URL(link).searchParams.get('token')! : null;
  };

  it('answers a wrong password and an unknown e-mail in the same words', async () => {
    const user = await createUser(t.app, { role: 'seller', signIn: false });
    const wrong = await signIn(user.email, 'no-es-la-clave');
    const unknown = await signIn(uniqueEmail(), 'no-es-la-clave');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe(ACCOUNT_MESSAGES.signInErrorDescription);
  });

  it('sets an HttpOnly SameSite=Lax session cookie that /api/me reads, and sign-out ends it', async () => {
    const user = await createUser(t.app, { role: 'company', signIn: false });
    const response = await signIn(user.email, user.password);
    const setCookie = [response.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/vendemas\.session_token=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // APP_URL is http in tests
    const cookie = cookieHeader(response.headers['set-cookie']);
    expect((await me(cookie)).json().profile.role).toBe('company');

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: t.config.appUrl },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(cookie)).json()).toEqual({ user: null, profile: null });
  });

  it('answers /api/me without a session with nobody', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null, profile: null });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('gives the same answer to a reset request whether or not the account exists', async () => {
    const known = await createUser(t.app, { role: 'seller', signIn: false });
    const a = await requestReset(known.email);
    const b = await requestReset(uniqueEmail('nadie'));
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(await resetLinkFor(known.email)).toBeTruthy();
  });

  it('resets the password from the e-mail link, ends every session, and the link works once', async () => {
    const user = await createUser(t.app, { role: 'company' });
    const otherDevice = user.cookie;
    await requestReset(user.email);
    const token = await resetLinkFor(user.email);
    const reset = (value: string | null) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: t.config.appUrl },
        payload: { newPassword: OTHER_TEST_PASSWORD, token: value },
      });
    expect((await reset(token)).statusCode).toBe(200);

    expect((await me(otherDevice)).json().user).toBeNull();
    expect(await t.db.$count(sessions, eq(sessions.userId, user.id))).toBe(0);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, OTHER_TEST_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: ACCOUNT_MESSAGES.invalidToken,
    });
  });

  it('refuses an expired reset link', async () => {
    const user = await createUser(t.app, { role: 'seller', signIn: false });
    await requestReset(user.email);
    const token = await resetLinkFor(user.email);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: t.config.appUrl },
      payload: { newPassword: OTHER_TEST_PASSWORD, token },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.invalidToken);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a new password outside 8 to 128 characters', async () => {
    for (const newPassword of ['corta12', 'x'.repeat(129)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: t.config.appUrl },
        payload: { newPassword, token: 'cualquiera' },
      });
      expect(response.statusCode).toBe(400);
      expect([ACCOUNT_MESSAGES.passwordTooShort, ACCOUNT_MESSAGES.passwordTooLong]).toContain(
        response.json().error.message,
      );
    }
  });

  it('answers a confirmation link that is not valid in Spanish', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=basura',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: ACCOUNT_MESSAGES.invalidToken,
    });
  });

  it('keeps the auth catch-all out of the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(response.json().paths);
    expect(paths).toContain('/api/register');
    expect(paths).toContain('/api/me');
    expect(paths.some((p) => p.startsWith('/api/auth'))).toBe(false);
  });
});

describe('rate limits on sign-in, sign-up and reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('answers 429 with a Spanish message after the limit, per address', async () => {
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/request-password-reset',
      '/api/auth/change-password',
      '/api/register',
    ]) {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i += 1) {
        last = await t.app.inject({
          method: 'POST',
          url,
          headers: { origin: t.config.appUrl },
          payload: { email: 'x@example.com', password: TEST_PASSWORD },
          remoteAddress: '10.9.9.9',
        });
        statuses.push(last.statusCode);
      }
      expect(
        statuses.slice(0, 3).every((s) => s !== 429),
        url,
      ).toBe(true);
      expect(statuses[3], url).toBe(429);
      expect(last!.json().error).toEqual({
        code: 'RATE_LIMITED',
        message: ACCOUNT_MESSAGES.tooManyAttempts,
      });
    }
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: 'x@example.com', password: TEST_PASSWORD },
      remoteAddress: '10.9.9.10',
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});
