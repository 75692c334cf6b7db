import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { uniqueCbu } from '../../../../tests/factories/cbu';
import { sessions } from '../auth/auth.table';
import { findProfile } from '../profiles/profiles.service';

const REAUTH = { code: 'REAUTH_REQUIRED', message: SECURITY_MESSAGES.reauthRequired };

describe('step-up before money moves (STEP_UP_MINUTES)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      AUTH_RATE_LIMIT: '1000',
      STEP_UP_MINUTES: '10',
      SIGNIN_MAX_FAILURES: '3',
    });
  });
  afterAll(() => t.close());

  const call = (
    user: CreatedUser,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, origin: t.config.appUrl },
      ...(payload ? { payload } : {}),
    });
  /** The user signed in (or last verified) this many minutes ago. */
  const age = (user: CreatedUser, minutes: number) =>
    t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000), verifiedAt: null })
      .where(eq(sessions.userId, user.id));
  const verify = (user: CreatedUser, body: object) =>
    call(user, 'POST', '/api/account/verify', body);

  it('asks a seller whose sign-in is older than the window before their payout details change, and changes nothing', async () => {
    const seller = await createUser(t.app, { role: 'seller' });
    const first = uniqueCbu();
    const settings = (body: object) => call(seller, 'PATCH', '/api/seller/settings', body);
    // Within the window (the sign-in counts): the first details are saved.
    expect(
      (await settings({ payment_method: 'bank', payment_details: { cbu: first } })).statusCode,
    ).toBe(200);

    await age(seller, 11);
    const refused = await settings({
      payment_method: 'bank',
      payment_details: { cbu: uniqueCbu() },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual(REAUTH);
    expect((await findProfile(t.db, seller.id))?.paymentDetails).toEqual({ cbu: first });
    // Another method with the same data is a change too.
    const otherMethod = await settings({
      payment_method: 'mercadopago',
      payment_details: { email: 'x@example.com' },
    });
    expect(otherMethod.statusCode).toBe(403);

    // What does not move money needs nothing: the province, or the same details sent again.
    expect((await settings({ province: 'Salta' })).statusCode).toBe(200);
    expect(
      (
        await settings({
          province: 'Jujuy',
          payment_method: 'bank',
          payment_details: { cbu: first },
        })
      ).statusCode,
    ).toBe(200);

    const wrong = await verify(seller, { password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: SECURITY_MESSAGES.wrongPassword });
    expect(
      (await settings({ payment_method: 'bank', payment_details: { cbu: uniqueCbu() } }))
        .statusCode,
    ).toBe(403);

    expect((await verify(seller, { password: seller.password })).statusCode).toBe(204);
    const next = uniqueCbu();
    const saved = await settings({ payment_method: 'bank', payment_details: { cbu: next } });
    expect(saved.statusCode).toBe(200);
    expect((await findProfile(t.db, seller.id))?.paymentDetails).toEqual({ cbu: next });

    // The verification lasts STEP_UP_MINUTES, then it is asked for again.
    await t.db
      .update(sessions)
      .set({ verifiedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(sessions.userId, seller.id));
    expect((await settings({ payment_details: { cbu: uniqueCbu() } })).statusCode).toBe(403);
  });

  it('asks a company before its payment methods, connections or collector id change', async () => {
    const company = await createUser(t.app, { role: 'company' });
    const transfer = {
      provider: 'transferencia',
      is_active: true,
      config: {
        bankName: 'Banco de la Nación Argentina',
        accountHolder: 'Yerbatera Misionera SA',
        cbu: '2850590940090418135201',
        alias: 'yerba.misionera',
        cuit: '30-50001091-2',
      },
    };
    await age(company, 30);
    const attempts = [
      await call(company, 'POST', '/api/company/payment-methods', transfer),
      await call(company, 'DELETE', '/api/company/payment-methods/mercadopago/connection'),
      await call(company, 'DELETE', '/api/company/payment-methods/stripe/connection'),
      await call(company, 'PATCH', '/api/company/settings', { provider_collector_id: '123456789' }),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode).toBe(403);
      expect(attempt.json().error).toEqual(REAUTH);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/company/payment-methods',
      headers: { cookie: company.cookie },
    });
    expect(listed.json().items).toEqual([]);
    // The shipping provinces do not move money.
    expect(
      (await call(company, 'PATCH', '/api/company/settings', { shipping_provinces: ['Salta'] }))
        .statusCode,
    ).toBe(200);

    expect((await verify(company, { password: company.password })).statusCode).toBe(204);
    const created = await call(company, 'POST', '/api/company/payment-methods', transfer);
    expect(created.statusCode).toBe(201);
    await age(company, 30);
    const id = created.json().id as string;
    expect(
      (await call(company, 'PATCH', `/api/company/payment-methods/${id}`, { is_active: false }))
        .statusCode,
    ).toBe(403);
    expect((await call(company, 'DELETE', `/api/company/payment-methods/${id}`)).statusCode).toBe(
      403,
    );
  });

  it('refuses a verification without a session, and a code from an account without the factor', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify',
      headers: { origin: t.config.appUrl },
      payload: { password: 'lo-que-sea-123' },
    });
    expect(anonymous.statusCode).toBe(401);
    const seller = await createUser(t.app, { role: 'seller' });
    const code = await verify(seller, { code: '123456' });
    expect(code.statusCode).toBe(400);
    expect(code.json().error.message).toBe(SECURITY_MESSAGES.twoFactorNotOn);
    const both = await verify(seller, { password: seller.password, code: '123456' });
    expect(both.statusCode).toBe(400);
  });

  it('counts wrong passwords and codes on the sign-in limit: a stolen session cannot guess on', async () => {
    const seller = await createUser(t.app, { role: 'seller' });
    await age(seller, 30);
    for (const password of ['no-es-1', 'no-es-2']) {
      expect((await verify(seller, { password })).statusCode).toBe(400);
    }
    // The third wrong one locks the account (SIGNIN_MAX_FAILURES=3 here).
    const third = await verify(seller, { password: 'no-es-3' });
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('ACCOUNT_LOCKED');
    const right = await verify(seller, { password: seller.password });
    expect(right.statusCode).toBe(429);
    const settings = await call(seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu: uniqueCbu() },
    });
    expect(settings.statusCode).toBe(403);
    // Signing in is locked too, whatever the address.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: seller.email, password: seller.password },
      remoteAddress: '10.9.8.7',
    });
    expect(signIn.statusCode).toBe(429);
  });
});
