import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMercadoPago,
  startFakeStripe,
  type FakeMercadoPago,
  type FakeStripe,
} from '../../../../tests/fakes/payment-providers';
import {
  buy,
  companyCall,
  createPayWorld,
  ledgerOf,
  sellerTally,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { postStripeWebhook } from '../../../../tests/factories/provider-app';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { signMercadoPagoWebhook } from './mercadopago';
import { paymentEvents } from './payment-events.table';
import { companyPaymentMethods } from './payment-methods.table';
import { createStripeClient } from './stripe-client';
import { products } from '../products/products.table';

const STRIPE_PLATFORM = {
  secretKey: 'sk_test_51PlatformCrossedKey0000',
  publishableKey: 'pk_test_51PlatformCrossedKey0000',
  webhookSecret: 'whsec_platform_crossed_connect_0000',
};
const MP_APP = { clientId: '7731002211', clientSecret: 'platform-app-secret-crossed' };
const MP_WEBHOOK_SECRET = 'platform-app-webhook-secret-crossed';
/** Both companies sell the pay world's product: $ 11.000 paid, $ 1.000 of it the platform's fee. */
const TOTAL_CENTS = 1_100_000;
const FEE_CENTS = 100_000;

/**
 * Company B's connected account is paid, for the amount and fee of company
 * A's order, and the payment names A's order: the provider answers it as real
 * (it exists on B's account, read with B's access), so what stands between B
 * and A's order is our own check that an account's payment applies only to
 * its company's orders (and, for Stripe, that an order started with one
 * intent takes no other).
 */
describe('a connected account’s payment naming another company’s order approves nothing', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let mp: FakeMercadoPago;
  let a: PayWorld;
  let b: PayWorld;

  beforeAll(async () => {
    [stripe, mp] = await Promise.all([
      startFakeStripe(),
      startFakeMercadoPago({ app: MP_APP, webhookSecret: MP_WEBHOOK_SECRET }),
    ]);
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: STRIPE_PLATFORM.secretKey,
      STRIPE_PUBLISHABLE_KEY: STRIPE_PLATFORM.publishableKey,
      STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_PLATFORM.webhookSecret,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_AUTH_URL: mp.url,
      MERCADOPAGO_CLIENT_ID: MP_APP.clientId,
      MERCADOPAGO_CLIENT_SECRET: MP_APP.clientSecret,
      MERCADOPAGO_WEBHOOK_SECRET: MP_WEBHOOK_SECRET,
    });
    a = await createPayWorld(t);
    b = await createPayWorld(t);
    for (const world of [a, b]) {
      await connectStripe(world);
      await connectMercadoPago(world);
    }
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([stripe.close(), mp.close()]);
  });

  async function connectStripe(world: PayWorld) {
    expect(
      (await companyCall(t, world.company, 'POST', '/payment-methods/stripe/connect')).statusCode,
    ).toBe(200);
    stripe.onboard(await stripeAccountOf(world));
    const back = await companyCall(t, world.company, 'GET', '/payment-methods/stripe/callback');
    expect(back.headers.location).toBe('/company/payment-gateways?connected=stripe');
  }
  async function connectMercadoPago(world: PayWorld) {
    const start = await companyCall(
      t,
      world.company,
      'GET',
      '/payment-methods/mercadopago/connect',
    );
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const code = mp.authorize({
      state,
      redirect_uri: `${t.config.appUrl}/api/company/payment-methods/mercadopago/callback`,
    });
    const back = await companyCall(
      t,
      world.company,
      'GET',
      `/payment-methods/mercadopago/callback?code=${code}&state=${state}`,
    );
    expect(back.headers.location).toBe('/company/payment-gateways?connected=mercadopago');
  }
  /** The company's connected Stripe account (acct_…). */
  async function stripeAccountOf(world: PayWorld) {
    const rows = await t.db
      .select()
      .from(companyPaymentMethods)
      .where(eq(companyPaymentMethods.companyId, world.company.id));
    return rows.find((row) => row.provider === 'stripe')!.accountId!;
  }

  /** A buyer starts paying the world's product; answers the order and the response's next step. */
  async function sale(world: PayWorld, provider: 'stripe' | 'mercadopago') {
    const response = await buy(t, world.productId, { provider, ref: world.ref });
    expect(response.statusCode, response.body).toBe(201);
    return { orderId: response.json().order_id as string, next: response.json().next };
  }
  const orderRow = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  /** Everything a payment would change: the order, its stock, ledger, payment events and points. */
  async function footprint(world: PayWorld, orderId: string) {
    const order = await orderRow(orderId);
    const [product] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, world.productId));
    return {
      status: order.status,
      collectedAtSource: order.collectedAtSource,
      providerPaymentId: order.providerPaymentId,
      stock: product!.stock,
      ledger: (await ledgerOf(t, orderId)).length,
      events: (await t.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)))
        .length,
      seller: await sellerTally(t, world.seller.id),
    };
  }

  const connectEvent = (account: string, intentId: string) =>
    postStripeWebhook(
      t,
      'connect',
      JSON.stringify({
        id: `evt_${Math.random().toString(16).slice(2)}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        account,
        data: { object: { id: intentId, object: 'payment_intent' } },
      }),
      { secret: STRIPE_PLATFORM.webhookSecret },
    );

  /** Company B, on its own Stripe account, makes and is paid a PaymentIntent naming A's order. */
  async function intentOnB(orderOfA: string) {
    const accountOfB = await stripeAccountOf(b);
    const intent = await createStripeClient({
      secretKey: STRIPE_PLATFORM.secretKey,
      apiUrl: stripe.url,
    }).paymentIntents.create(
      {
        amount: TOTAL_CENTS,
        currency: 'ars',
        metadata: { order_id: orderOfA },
        application_fee_amount: FEE_CENTS,
      },
      { stripeAccount: accountOfB },
    );
    stripe.succeed(intent.id);
    return { accountOfB, intentId: intent.id };
  }

  it('Stripe Connect: B’s succeeded PaymentIntent with A’s order in its metadata leaves A’s order unpaid', async () => {
    const { orderId, next } = await sale(a, 'stripe');
    const intentOfA = (next.client_secret as string).split('_secret_')[0]!;
    const before = await footprint(a, orderId);
    expect(before).toMatchObject({ status: 'pending_payment', ledger: 0, events: 0 });

    const { accountOfB, intentId } = await intentOnB(orderId);
    // Stripe answers B's intent as real: paid on B's account, for A's order, with A's amount and fee.
    expect(stripe.intents.get(intentId)).toMatchObject({
      stripeAccount: accountOfB,
      status: 'succeeded',
      amount_received: TOTAL_CENTS,
      metadata: { order_id: orderId },
    });
    const crossed = await connectEvent(accountOfB, intentId);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toEqual({ received: true, result: 'unknown_order' });
    expect(await footprint(a, orderId)).toEqual(before);
    // It was read back acting for B's account, and Stripe answered it.
    const read = stripe.requests.filter(
      (request) => request.method === 'GET' && request.path === `/v1/payment_intents/${intentId}`,
    );
    expect(read.at(-1)!.headers['stripe-account']).toBe(accountOfB);

    // B's event naming A's own intent: Stripe knows no such payment on B's account.
    expect((await connectEvent(accountOfB, intentOfA)).json()).toEqual({
      received: true,
      result: 'unknown_order',
    });
    expect(await footprint(a, orderId)).toEqual(before);

    // A's own payment still approves it.
    stripe.succeed(intentOfA);
    const paid = await connectEvent(await stripeAccountOf(a), intentOfA);
    expect(paid.json()).toEqual({ received: true, result: 'applied' });
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved', collectedAtSource: true });
  });

  it('Stripe Connect: the same, while A’s order has not yet kept the id of the intent it started', async () => {
    const { orderId } = await sale(a, 'stripe');
    // The moment between the order being written and Stripe's answer being kept on it.
    await t.db.update(orders).set({ providerPaymentId: null }).where(eq(orders.id, orderId));
    const before = await footprint(a, orderId);

    const { accountOfB, intentId } = await intentOnB(orderId);
    const crossed = await connectEvent(accountOfB, intentId);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toEqual({ received: true, result: 'unknown_order' });
    expect(await footprint(a, orderId)).toEqual(before);
  });

  /** A MercadoPago notification for a payment, as MercadoPago posts it to a company's endpoint. */
  function notify(companyId: string, paymentId: number) {
    const requestId = `req-${paymentId}-${Math.random().toString(16).slice(2)}`;
    return t.app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago/${companyId}?data.id=${paymentId}&type=payment`,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signMercadoPagoWebhook(MP_WEBHOOK_SECRET, {
          dataId: String(paymentId),
          requestId,
          ts: String(Math.floor(Date.now() / 1000)),
        }),
      },
      payload: JSON.stringify({ type: 'payment', data: { id: String(paymentId) } }),
    });
  }
  const preferenceOf = (next: { url: string }) =>
    mp.preferences.get(new URL(next.url).pathname.split('/').at(-1)!)!;

  it('MercadoPago marketplace: B’s approved payment with A’s order as external_reference leaves A’s order unpaid', async () => {
    const { orderId, next } = await sale(a, 'mercadopago');
    const reference = (await orderRow(orderId)).externalReference;
    const before = await footprint(a, orderId);
    expect(before).toMatchObject({ status: 'pending_payment', ledger: 0, events: 0 });

    // B's buyer goes to B's checkout; the payment B collects names A's order.
    const ofB = preferenceOf((await sale(b, 'mercadopago')).next);
    const payment = mp.pay(ofB.id, {
      reference,
      amount: TOTAL_CENTS / 100,
      fee: FEE_CENTS / 100,
    });
    expect(payment).toMatchObject({ accessToken: ofB.accessToken, status: 'approved' });
    const crossed = await notify(b.company.id, payment.id);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toEqual({ received: true, result: 'unknown_order' });
    // It was read with B's token, and MercadoPago answered it.
    const read = mp.requests.filter((request) => request.path === `/v1/payments/${payment.id}`);
    expect(read.at(-1)!.headers.authorization).toBe(`Bearer ${ofB.accessToken}`);
    expect(await footprint(a, orderId)).toEqual(before);

    // Posted to A's endpoint instead, it is read with A's token: MercadoPago does not show it.
    expect((await notify(a.company.id, payment.id)).json()).toEqual({
      received: true,
      result: 'unknown_order',
    });
    expect(await footprint(a, orderId)).toEqual(before);

    // A's own payment still approves it.
    const own = mp.pay(preferenceOf(next).id);
    expect((await notify(a.company.id, own.id)).json()).toEqual({
      received: true,
      result: 'applied',
    });
    expect(await orderRow(orderId)).toMatchObject({ status: 'approved', collectedAtSource: true });
  });
});
