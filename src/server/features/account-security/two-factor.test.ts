import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { cookieHeader, createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { totpCode } from '../../../../tests/factories/totp';
import { listAudit } from '../audit/audit.service';
import { sessions, twoFactors } from '../auth/auth.table';
import { resetTwoFactor } from '../auth/users.service';

/** Turns the factor on for a signed-in user: enable with the password, then the first code. */
export async function turnOnTwoFactor(t: TestApp, user: CreatedUser) {
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: { cookie: user.cookie, origin: t.config.appUrl },
    payload: { password: user.password },
  });
  expect(enabled.statusCode).toBe(200);
  const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
  const verified = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    headers: { cookie: user.cookie, origin: t.config.appUrl },
    payload: { code: totpCode(totpURI) },
  });
  expect(verified.statusCode).toBe(200);
  // Turning it on replaces the session (the plugin signs the new one in).
  const cookie = cookieHeader(verified.headers['set-cookie']);
  return { totpURI, backupCodes, cookie: cookie || user.cookie };
}

describe('two factors (Better Auth twoFactor)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000', TWO_FACTOR_REQUIRED_ROLES: 'admin' });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: unknown, cookie = '') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { origin: t.config.appUrl, ...(cookie ? { cookie } : {}) },
      payload: payload as object,
    });
  const me = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();

  it('is off until the first code is verified, then sign-in asks for a code and gives no session before it', async () => {
    const user = await createUser(t.app, { role: 'company' });
    const enabled = await post(
      '/api/auth/two-factor/enable',
      { password: user.password },
      user.cookie,
    );
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/VendeM/);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await me(user.cookie)).user.twoFactorEnabled).toBe(false);
    // The secret is sealed at rest.
    const [row] = await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row?.secret).not.toContain(new URL(totpURI).searchParams.get('secret'));

    const wrong = await post('/api/auth/two-factor/verify-totp', { code: '000000' }, user.cookie);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe(SECURITY_MESSAGES.wrongCode);
    const right = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(totpURI) },
      user.cookie,
    );
    expect(right.statusCode).toBe(200);
    const cookie = cookieHeader(right.headers['set-cookie']);
    expect((await me(cookie)).user.twoFactorEnabled).toBe(true);

    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(signIn.headers['set-cookie']);
    expect(pending).not.toMatch(/vendemas\.session_token=[^;]/);
    expect((await me(pending)).user).toBeNull();

    const second = await post(
      '/api/auth/two-factor/verify-totp',
      { code: ` ${totpCode(totpURI).slice(0, 3)} ${totpCode(totpURI).slice(3)} ` },
      pending,
    );
    expect(second.statusCode).toBe(200);
    expect((await me(cookieHeader(second.headers['set-cookie']))).user.email).toBe(user.email);
  });

  it('trusts a device for 30 days when asked, and lets a backup code in once', async () => {
    const user = await createUser(t.app, { role: 'seller' });
    const { totpURI, backupCodes } = await turnOnTwoFactor(t, user);

    const first = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    const trusted = await post(
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(totpURI), trustDevice: true },
      cookieHeader(first.headers['set-cookie']),
    );
    const trustLine = [trusted.headers['set-cookie']]
      .flat()
      .find((line) => line?.includes('trust_device'));
    expect(trustLine).toMatch(/Max-Age=2592000/);
    const trustCookie = cookieHeader(trustLine);
    const again = await post(
      '/api/auth/sign-in/email',
      { email: user.email, password: user.password },
      trustCookie,
    );
    expect(again.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await me(cookieHeader(again.headers['set-cookie']))).user.email).toBe(user.email);

    const viaBackup = async () => {
      const step = await post('/api/auth/sign-in/email', {
        email: user.email,
        password: user.password,
      });
      // Typed in capitals and without the dash, as people copy it from paper.
      return post(
        '/api/auth/two-factor/verify-backup-code',
        { code: backupCodes[0]!.replace('-', '').toUpperCase() },
        cookieHeader(step.headers['set-cookie']),
      );
    };
    expect((await viaBackup()).statusCode).toBe(200);
    const reused = await viaBackup();
    expect(reused.statusCode).toBe(401);
    expect(reused.json().error.message).toBe(SECURITY_MESSAGES.wrongBackupCode);
  });

  it('keeps an admin without the factor out of the panel API until it is on', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const blocked = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie: admin.cookie },
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: SECURITY_MESSAGES.twoFactorRequired,
    });
    expect((await me(admin.cookie)).user).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
    });

    const { cookie } = await turnOnTwoFactor(t, admin);
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: { cookie },
    });
    expect(allowed.statusCode).toBe(200);
    expect((await me(cookie)).user).toMatchObject({
      twoFactorEnabled: true,
      twoFactorRequired: true,
    });
    // Its role must keep the factor: it cannot be turned off, even right after signing in.
    const off = await post('/api/auth/two-factor/disable', { password: admin.password }, cookie);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe(SECURITY_MESSAGES.twoFactorCannotTurnOff);
    expect((await me(cookie)).user.twoFactorEnabled).toBe(true);

    // A company is not in TWO_FACTOR_REQUIRED_ROLES here: its panel answers without the factor.
    const company = await createUser(t.app, { role: 'company' });
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/company/products',
      headers: { cookie: company.cookie },
    });
    expect(own.statusCode).toBe(200);
  });

  it('turns the factor off only after a fresh password or code (step-up)', async () => {
    const user = await createUser(t.app, { role: 'company' });
    const { totpURI, cookie } = await turnOnTwoFactor(t, user);
    // The sign-in was 20 minutes ago.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.userId, user.id));

    const refused = await post('/api/auth/two-factor/disable', { password: user.password }, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'REAUTH_REQUIRED',
      message: 'Por seguridad, confirma tu contraseña para continuar.',
    });
    expect((await me(cookie)).user.twoFactorEnabled).toBe(true);

    const wrong = await post('/api/account/verify', { code: '123456' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: SECURITY_MESSAGES.wrongCode });
    const verified = await post('/api/account/verify', { code: totpCode(totpURI) }, cookie);
    expect(verified.statusCode).toBe(204);

    const off = await post('/api/auth/two-factor/disable', { password: user.password }, cookie);
    expect(off.statusCode).toBe(200);
    const after = cookieHeader(off.headers['set-cookie']);
    expect((await me(after)).user.twoFactorEnabled).toBe(false);
    const [entry] = await listAudit(t.db, { target_id: user.id, page: 1, page_size: 10 }).then(
      (page) => page.items,
    );
    expect(entry).toMatchObject({ action: 'account.two_factor_disabled', actor_id: user.id });
  });

  it('lets an operator take away the factor of someone who lost phone and codes (npm run reset-two-factor)', async () => {
    const user = await createUser(t.app, { role: 'seller' });
    const { cookie } = await turnOnTwoFactor(t, user);
    await t.db.transaction((tx) => resetTwoFactor(tx, user.id));
    // Every session ended; the password alone signs in again.
    expect((await me(cookie)).user).toBeNull();
    const signIn = await post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await me(cookieHeader(signIn.headers['set-cookie']))).user.twoFactorEnabled).toBe(
      false,
    );
    expect(await t.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
  });
});
