import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../../tests/fakes/payment-providers';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { companyPaymentMethods } from './payment-methods.table';

/**
 * Connecting Stripe creates the company's account at Stripe: a state change,
 * so it is a POST from the app's own pages (the origin check), and no visit
 * (a link, an image, a prefetch) or another site's form makes one.
 */
describe('starting a Stripe connection', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let company: CreatedUser;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: 'sk_test_51PlatformConnectStart0000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51PlatformConnectStart0000',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_platform_connect_start_0000',
    });
    company = await createUser(t.app, { role: 'company', company: 'Visitada SA' });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const accounts = () =>
    [...stripe.accounts.values()].filter((account) => account.metadata.company_id === company.id);
  const stripeMethod = async () =>
    (
      await t.db
        .select()
        .from(companyPaymentMethods)
        .where(
          and(
            eq(companyPaymentMethods.companyId, company.id),
            eq(companyPaymentMethods.provider, 'stripe'),
          ),
        )
    )[0];
  const start = (method: 'GET' | 'POST', origin?: string) =>
    t.app.inject({
      method,
      url: '/api/company/payment-methods/stripe/connect',
      headers: { cookie: company.cookie, ...(origin ? { origin } : {}) },
    });

  it('makes no account for a visit of the old address or another site’s form', async () => {
    expect((await start('GET')).statusCode).toBe(404);
    expect((await start('GET', t.config.appUrl)).statusCode).toBe(404);
    const forged = await start('POST', 'https://evil.example');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('FORBIDDEN_ORIGIN');
    expect(accounts()).toHaveLength(0);
    expect(await stripeMethod()).toBeUndefined();
  });

  it('makes the account for the page’s own POST and answers the onboarding link', async () => {
    const posted = await start('POST', t.config.appUrl);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(new URL(posted.json<{ url: string }>().url).pathname).toMatch(
      /^\/connect\/onboarding\//,
    );
    expect(accounts()).toHaveLength(1);
    expect(await stripeMethod()).toMatchObject({ accountId: accounts()[0]!.id });
  });
});
