import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../fakes/payment-providers';
import { type CreatedUser } from '../factories/accounts';
import { buy, companyCall, createPayWorld, type PayWorld } from '../factories/pay-world';
import { postStripeWebhook } from '../factories/provider-app';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';
import { orders } from '../../src/server/features/orders/orders.table';
import { companyPaymentMethods } from '../../src/server/features/payments/payment-methods.table';

/** The platform's Stripe account: its keys act for every connected account. */
export const PLATFORM = {
  secretKey: 'sk_test_51PlatformConnectKey0000',
  publishableKey: 'pk_test_51PlatformConnectKey0000',
  webhookSecret: 'whsec_platform_connect_endpoint_0000',
};

/**
 * A test app whose Stripe is a local fake with Connect (the platform's keys act for connected accounts), with the pay world in it.
 * `ready` hands the test file its app, world and fake once they exist
 * (before the first test); the helpers use them too.
 */
export function stripeConnectFixture(
  ready: (made: { t: TestApp; stripe: FakeStripe; world: PayWorld }) => void,
) {
  let t: TestApp;
  let stripe: FakeStripe;
  let world: PayWorld;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: PLATFORM.secretKey,
      STRIPE_PUBLISHABLE_KEY: PLATFORM.publishableKey,
      STRIPE_CONNECT_WEBHOOK_SECRET: PLATFORM.webhookSecret,
      // The storefront's endpoint has its own secret; it must not open the Connect one.
      STRIPE_WEBHOOK_SECRET: 'whsec_storefront_endpoint_0000',
    });
    world = await createPayWorld(t);
    ready({ t, stripe, world });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const stripeMethod = async (companyId = world.company.id) =>
    (
      await t.db
        .select()
        .from(companyPaymentMethods)
        .where(
          and(
            eq(companyPaymentMethods.companyId, companyId),
            eq(companyPaymentMethods.provider, 'stripe'),
          ),
        )
    )[0];
  const connect = (company: CreatedUser = world.company) =>
    companyCall(t, company, 'POST', '/payment-methods/stripe/connect');
  const comeBack = (company: CreatedUser = world.company) =>
    companyCall(t, company, 'GET', '/payment-methods/stripe/callback');
  /** An event of a connected account, as Stripe posts it to the platform's Connect endpoint. */
  const connectEvent = (
    type: string,
    account: string,
    object: { id: string },
    secret = PLATFORM.webhookSecret,
  ) =>
    postStripeWebhook(
      t,
      'connect',
      JSON.stringify({
        id: `evt_${Math.random().toString(16).slice(2)}`,
        object: 'event',
        type,
        account,
        data: { object },
      }),
      { secret },
    );
  async function cardSale() {
    const response = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
    expect(response.statusCode, response.body).toBe(201);
    const next = response.json().next;
    const intentId = (next.client_secret as string).split('_secret_')[0]!;
    return {
      orderId: response.json().order_id as string,
      next,
      intent: stripe.intents.get(intentId)!,
    };
  }
  const orderRow = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  return { stripeMethod, connect, comeBack, connectEvent, cardSale, orderRow };
}
