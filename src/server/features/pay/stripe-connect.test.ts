import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stripeConnectFixture, PLATFORM } from '../../../../tests/factories/stripe-connect-fixture';
import {
  PAYMENT_METHOD_MESSAGES,
  STRIPE_CONNECT_MESSAGES,
} from '@shared/payments/payment-methods.schema';
import { type FakeStripe } from '../../../../tests/fakes/payment-providers';
import { createUser } from '../../../../tests/factories/accounts';
import {
  buy,
  companyCall,
  PAY_WORLD_SALE,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { postStripeWebhook } from '../../../../tests/factories/provider-app';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { emailOutbox, notifications } from '../notifications/notifications.table';
import { companyBalance } from '../settlements/balances.service';
import { ledgerEntries } from '../settlements/ledger.table';

/** $ 10.000 at 10 %: the buyer pays $ 11.000; $ 1.000 of it is the platform's fee. */
const FEE_CENTS = 100_000;

describe('companies connect Stripe and every card payment carries the platform fee (Stripe Connect)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let world: PayWorld;
  const { stripeMethod, connect, comeBack, connectEvent, cardSale, orderRow } =
    stripeConnectFixture((made) => ({ t, stripe, world } = made));

  it('makes one account for the company, however often it asks, and sends it to Stripe’s onboarding', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode, second.body).toBe(200);
    const made = [...stripe.accounts.values()].filter(
      (account) => account.metadata.company_id === world.company.id,
    );
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ type: 'standard', secretKey: PLATFORM.secretKey });
    expect(new URL(first.json<{ url: string }>().url).pathname).toMatch(/^\/connect\/onboarding\//);
    const link = stripe.requests.find((request) => request.path === '/v1/account_links')!;
    expect(Object.fromEntries(new URLSearchParams(link.body))).toEqual({
      account: made[0]!.id,
      type: 'account_onboarding',
      // A link that ran out sends the company to its page, which posts again: no GET creates anything.
      refresh_url: `${t.config.appUrl}/company/payment-gateways?refresh=stripe`,
      return_url: `${t.config.appUrl}/api/company/payment-methods/stripe/callback`,
    });
    // Until the account can charge, the keys the company pasted keep taking its card payments.
    const method = (await stripeMethod())!;
    expect(method).toMatchObject({ connection: 'token', accountId: made[0]!.id });
    const { intent } = await cardSale();
    expect(intent).toMatchObject({ secretKey: STRIPE_SECRET_KEY, stripeAccount: null });
  });

  it('coming back before the onboarding is finished changes nothing; after it, the method is connected', async () => {
    const stranger = await createUser(t.app, { role: 'company', company: 'Nunca Empezó SA' });
    const unstarted = await comeBack(stranger);
    expect(unstarted.statusCode).toBe(400);
    expect(unstarted.json().error.message).toBe(STRIPE_CONNECT_MESSAGES.notStarted);

    const pending = await comeBack();
    expect(pending.statusCode).toBe(302);
    expect(pending.headers.location).toBe('/company/payment-gateways?pending=stripe');
    expect((await stripeMethod())!.connection).toBe('token');

    const accountId = (await stripeMethod())!.accountId!;
    stripe.onboard(accountId);
    const done = await comeBack();
    expect(done.headers.location).toBe('/company/payment-gateways?connected=stripe');
    const listed = (await companyCall(t, world.company, 'GET', '/payment-methods')).json();
    expect(listed.connect).toEqual({ mercadopago: false, stripe: true });
    const method = listed.items.find((item: { provider: string }) => item.provider === 'stripe');
    expect(method).toMatchObject({
      connection: 'oauth',
      collector_id: accountId,
      status: 'connected',
      is_active: true,
      config: { has_secret_key: false, has_webhook_secret: false },
    });
    // The pasted keys are forgotten: the platform's key acts for the account.
    expect((await stripeMethod())!.sealedSecrets).toBeNull();
    // The owner is told where card payments now go, with 'No fui yo'; coming back
    // before the onboarding was finished told nothing (no payment went elsewhere).
    const told = await t.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.userId, world.company.id),
          eq(emailOutbox.kind, 'company_payment_method_changed'),
          sql`${emailOutbox.payload}->>'subject' = 'Stripe'`,
        ),
      );
    expect(told.map(({ payload }) => payload.after)).toEqual([
      expect.stringMatching(/^Clave secreta terminada en /),
      `Cuenta conectada terminada en ${accountId.slice(-4)}`,
    ]);
    const edit = await companyCall(t, world.company, 'PATCH', `/payment-methods/${method.id}`, {
      config: { secretKey: 'sk_test_pasted_again_0000' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(PAYMENT_METHOD_MESSAGES.stripeConnectedNotEditable);
  });

  it('makes each card payment on the connected account with the whole commission as application fee', async () => {
    const accountId = (await stripeMethod())!.accountId!;
    const { next, intent } = await cardSale();
    expect(intent).toMatchObject({
      secretKey: PLATFORM.secretKey,
      stripeAccount: accountId,
      application_fee_amount: FEE_CENTS,
      amount: 1_100_000,
    });
    // The buyer's card form loads Stripe.js with the platform's key, acting for the account.
    expect(next).toMatchObject({
      kind: 'stripe',
      publishable_key: PLATFORM.publishableKey,
      stripe_account: accountId,
    });
  });

  it('a split payment is collected at the source; a refund reverses it and gives the fee back once', async () => {
    const accountId = (await stripeMethod())!.accountId!;
    const { orderId, intent } = await cardSale();
    stripe.succeed(intent.id);

    // Only the platform's Connect secret opens the endpoint; the company's old one does not.
    expect(
      (await connectEvent('payment_intent.succeeded', accountId, intent, STRIPE_WEBHOOK_SECRET))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await connectEvent(
          'payment_intent.succeeded',
          accountId,
          intent,
          'whsec_storefront_endpoint_0000',
        )
      ).statusCode,
    ).toBe(400);
    // Nor does the company's own endpoint take a connected account's payment.
    const ownEndpoint = await postStripeWebhook(
      t,
      world.company.id,
      JSON.stringify({ id: 'evt_own', type: 'payment_intent.succeeded', data: { object: intent } }),
    );
    expect(ownEndpoint.statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending_payment');

    // Stripe delivers the same event more than once, at the same time: it is applied once.
    const deliveries = await Promise.all(
      [1, 2, 3].map(() => connectEvent('payment_intent.succeeded', accountId, intent)),
    );
    expect(deliveries.map((response) => response.json().result).sort()).toEqual([
      'applied',
      'duplicate',
      'duplicate',
    ]);
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved', collectedAtSource: true });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    expect(
      entries.map((entry) => [entry.party, entry.amountCents, entry.collected]).sort(),
    ).toEqual([
      ['platform', FEE_CENTS - PAY_WORLD_SALE.sellerCents, true],
      ['seller', PAY_WORLD_SALE.sellerCents, true],
    ]);
    expect(await companyBalance(t.db, { kind: 'company', id: world.company.id })).toMatchObject({
      owedCents: 0,
      collectedCents: FEE_CENTS,
    });

    const chargeId = stripe.refund(intent.id);
    const refunded = await Promise.all([
      connectEvent('charge.refunded', accountId, { id: chargeId }),
      connectEvent('charge.refunded', accountId, { id: chargeId }),
    ]);
    expect(refunded.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(stripe.applicationFees.get(`fee_${intent.id}`)).toMatchObject({
      refunded: true,
      amount_refunded: FEE_CENTS,
    });
    const feeRefunds = stripe.requests.filter((request) =>
      request.path.endsWith(`/application_fees/fee_${intent.id}/refunds`),
    );
    expect(feeRefunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(feeRefunds.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(await companyBalance(t.db, { kind: 'company', id: world.company.id })).toMatchObject({
      owedCents: 0,
      collectedCents: 0,
    });
  });

  it('a payment whose fee is not the order’s commission approves nothing; an unknown account is no company', async () => {
    const accountId = (await stripeMethod())!.accountId!;
    const short = await cardSale();
    stripe.succeed(short.intent.id, { fee: 10 });
    expect(
      (await connectEvent('payment_intent.succeeded', accountId, short.intent)).json(),
    ).toEqual({ received: true, result: 'mismatch' });
    expect((await orderRow(short.orderId)).status).toBe('pending_payment');

    // Another company's account paying this company's order: crossed-connected-accounts.test.ts.
    // An account nobody connected is not a company.
    const { intent } = await cardSale();
    stripe.succeed(intent.id);
    expect(
      (await connectEvent('payment_intent.succeeded', 'acct_unknown123', intent)).json(),
    ).toEqual({ received: true, result: 'unknown_company' });
  });

  it('an account that can no longer charge stops taking card payments until Stripe says it can again', async () => {
    const accountId = (await stripeMethod())!.accountId!;
    stripe.onboard(accountId, false);
    expect((await connectEvent('account.updated', accountId, { id: accountId })).json()).toEqual({
      received: true,
      result: 'account_pending',
    });
    expect((await buy(t, world.productId, { provider: 'stripe', ref: world.ref })).statusCode).toBe(
      409,
    );
    const page = (
      await t.app.inject({ method: 'GET', url: `/api/public/pay/${world.productId}` })
    ).json();
    expect(page.methods.map((m: { provider: string }) => m.provider)).toEqual([
      'mercadopago',
      'transferencia',
    ]);
    stripe.onboard(accountId);
    await connectEvent('account.updated', accountId, { id: accountId });
    expect((await buy(t, world.productId, { provider: 'stripe', ref: world.ref })).statusCode).toBe(
      201,
    );
  });

  it('a company that removes the platform in Stripe is told once, and its links offer its other methods', async () => {
    const accountId = (await stripeMethod())!.accountId!;
    const event = JSON.stringify({
      id: 'evt_deauthorized_1',
      object: 'event',
      type: 'account.application.deauthorized',
      account: accountId,
      data: { object: { id: 'ca_platform' } },
    });
    const sent = await Promise.all([
      postStripeWebhook(t, 'connect', event, { secret: PLATFORM.webhookSecret }),
      postStripeWebhook(t, 'connect', event, { secret: PLATFORM.webhookSecret }),
    ]);
    expect(sent.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await stripeMethod())!.connectionStatus).toBe('broken');
    const bell = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, world.company.id),
          eq(notifications.kind, 'company_connection_broken'),
        ),
      );
    expect(bell).toHaveLength(1);
    expect(bell[0]!.body).toBe(STRIPE_CONNECT_MESSAGES.broken);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'company_connection_broken'));
    expect(mails).toHaveLength(1);
    expect((await buy(t, world.productId, { provider: 'stripe', ref: world.ref })).statusCode).toBe(
      409,
    );
  });

  it('disconnecting forgets the account; a second disconnect is a 404', async () => {
    const response = await companyCall(
      t,
      world.company,
      'DELETE',
      '/payment-methods/stripe/connection',
    );
    expect(response.statusCode).toBe(204);
    expect(await stripeMethod()).toBeUndefined();
    const again = await companyCall(
      t,
      world.company,
      'DELETE',
      '/payment-methods/stripe/connection',
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(STRIPE_CONNECT_MESSAGES.notConnected);
  });

  it('only a company may connect, and only when the platform has its Stripe Connect keys', async () => {
    const seller = await t.app.inject({
      method: 'POST',
      url: '/api/company/payment-methods/stripe/connect',
      headers: { cookie: world.seller.cookie, origin: t.config.appUrl },
    });
    expect(seller.statusCode).toBe(403);
    const plain = await createTestApp();
    try {
      const company = await createUser(plain.app, { role: 'company', company: 'Sin Connect SA' });
      const refused = await plain.app.inject({
        method: 'POST',
        url: '/api/company/payment-methods/stripe/connect',
        headers: { cookie: company.cookie, origin: plain.config.appUrl },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(STRIPE_CONNECT_MESSAGES.unavailable);
      const listed = await plain.app.inject({
        method: 'GET',
        url: '/api/company/payment-methods',
        headers: { cookie: company.cookie },
      });
      expect(listed.json().connect).toEqual({ mercadopago: false, stripe: false });
      // Coming back is refused as well.
      const back = await plain.app.inject({
        method: 'GET',
        url: '/api/company/payment-methods/stripe/callback',
        headers: { cookie: company.cookie },
      });
      expect(back.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
