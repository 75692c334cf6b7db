import { like } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeMercadoPago,
  startFakeStripe,
  type FakeMercadoPago,
  type FakeStripe,
} from '../../../../tests/fakes/payment-providers';
import { createUser } from '../../../../tests/factories/accounts';
import {
  createPayWorld,
  MP_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_SECRET,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { paymentEvents } from './payment-events.table';
import { signMercadoPagoWebhook } from './mercadopago';
import { companyPaymentMethods } from './payment-methods.table';

/**
 * A webhook whose signature is right but whose JSON is not an event (null, a
 * list, an event without data…) is refused with a 400 and changes nothing, on
 * every provider's endpoint: never a 500, which the provider would retry for days.
 */

const CONNECT_SECRET = 'whsec_platform_connect_odd_bodies_0000';
const STORE_SECRET = 'whsec_storefront_odd_bodies_0000';
const ACCOUNT = 'acct_1OddBodiesConnected';
const signer = new Stripe('sk_test_signer_only');

/** JSON that is no Stripe event at all, or an event without what every event has. */
const NOT_EVENTS = [
  'null',
  '[]',
  '"evento"',
  '1',
  'true',
  '{}',
  `{"id":"evt_1","object":"event","type":"payment_intent.succeeded","account":"${ACCOUNT}","data":null}`,
  `{"id":"evt_2","object":"event","type":"payment_intent.succeeded","account":"${ACCOUNT}"}`,
  `{"id":"evt_3","object":"event","type":"payment_intent.succeeded","account":"${ACCOUNT}","data":{"object":null}}`,
  `{"id":"evt_4","object":"event","type":"payment_intent.succeeded","account":"${ACCOUNT}","data":{"object":"pi_1"}}`,
  `{"id":"evt_5","object":"event","type":"checkout.session.completed","data":{"object":[]}}`,
  `{"id":"evt_6","object":"event","type":null,"account":"${ACCOUNT}","data":{"object":{}}}`,
  `{"id":{"a":1},"object":"event","type":"charge.refunded","account":"${ACCOUNT}","data":{"object":{"id":"ch_1"}}}`,
  `{"id":"","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_1"}}}`,
];

describe('webhooks refuse signed JSON that is not an event', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let mp: FakeMercadoPago;
  let mpOpen = true;
  let world: PayWorld;

  beforeAll(async () => {
    [stripe, mp] = await Promise.all([startFakeStripe(), startFakeMercadoPago()]);
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      STRIPE_API_URL: stripe.url,
      MERCADOPAGO_API_URL: mp.url,
      STRIPE_SECRET_KEY: 'sk_test_51PlatformOddBodies0000',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51PlatformOddBodies0000',
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_WEBHOOK_SECRET: STORE_SECRET,
    });
    world = await createPayWorld(t);
    // A company whose Stripe account is connected: its events reach past the account lookup.
    const connected = await createUser(t.app, { role: 'company', company: 'Conectada SA' });
    await t.db.insert(companyPaymentMethods).values({
      companyId: connected.id,
      provider: 'stripe',
      isActive: true,
      connection: 'oauth',
      accountId: ACCOUNT,
      connectionStatus: 'connected',
      connectedAt: new Date(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    if (mpOpen) await mp?.close();
  });

  const postSigned = (url: string, payload: string, secret: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });

  const STRIPE_ENDPOINTS = () => [
    { url: '/api/webhooks/stripe/connect', secret: CONNECT_SECRET },
    { url: `/api/webhooks/stripe/${world.company.id}`, secret: STRIPE_WEBHOOK_SECRET },
    { url: '/api/webhooks/stripe', secret: STORE_SECRET },
  ];

  it('answers 400 to a signed Stripe body that is null, a list or an event without data, and records nothing', async () => {
    const before = await t.db.$count(paymentEvents);
    for (const { url, secret } of STRIPE_ENDPOINTS()) {
      for (const payload of NOT_EVENTS) {
        const response = await postSigned(url, payload, secret);
        expect(response.statusCode, `${url} ${payload}: ${response.body}`).toBe(400);
        expect(response.json().error.code, `${url} ${payload}`).toBe('INVALID_EVENT');
      }
    }
    expect(await t.db.$count(paymentEvents)).toBe(before);
  });

  it('still takes a well-formed signed event (the shape check refuses nothing real)', async () => {
    const event = (type: string, object: object) =>
      JSON.stringify({ id: `evt_${Math.random().toString(16).slice(2)}`, type, data: { object } });
    const connect = await postSigned(
      '/api/webhooks/stripe/connect',
      JSON.stringify({
        id: 'evt_ok_connect',
        type: 'customer.created',
        account: ACCOUNT,
        data: { object: { id: 'cus_1' } },
      }),
      CONNECT_SECRET,
    );
    expect(connect.statusCode, connect.body).toBe(200);
    const store = await postSigned(
      '/api/webhooks/stripe',
      event('customer.created', { id: 'cus_1' }),
      STORE_SECRET,
    );
    expect(store.statusCode, store.body).toBe(200);
  });

  it('ignores a storefront session that names its order with something other than an order id', async () => {
    for (const [index, object] of [
      { id: 'cs_1', metadata: { store_order_id: 5 } },
      { id: 'cs_2', metadata: { store_order_id: 'no-es-un-id' } },
      { id: 'cs_3', metadata: 'texto', client_reference_id: { id: 1 } },
      { id: 'cs_4', client_reference_id: 'x'.repeat(300) },
      { id: 'cs_5', metadata: null, client_reference_id: null },
    ].entries()) {
      const payload = JSON.stringify({
        id: `evt_store_odd_${index}`,
        type: 'checkout.session.completed',
        data: { object },
      });
      const response = await postSigned('/api/webhooks/stripe', payload, STORE_SECRET);
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(200);
      expect(response.json(), payload).toMatchObject({ received: true, result: 'ignored' });
    }
    // Ignored before anything is written: a stray value never reaches a row.
    const recorded = await t.db
      .select({ eventId: paymentEvents.eventId })
      .from(paymentEvents)
      .where(like(paymentEvents.eventId, 'evt_store_odd_%'));
    expect(recorded).toEqual([]);
  });

  function mercadoPago(payload: string, options: { query?: string; signed?: boolean } = {}) {
    const dataId = '987654321';
    const requestId = `req-${Math.random().toString(16).slice(2)}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.signed !== false) {
      headers['x-request-id'] = requestId;
      headers['x-signature'] = signMercadoPagoWebhook(MP_WEBHOOK_SECRET, {
        dataId,
        requestId,
        ts: String(Math.floor(Date.now() / 1000)),
      });
    }
    return t.app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago/${world.company.id}?${options.query ?? `data.id=${dataId}`}`,
      headers,
      payload,
    });
  }

  it('answers MercadoPago 400 for a body that is not a JSON object, and ignores odd fields', async () => {
    for (const payload of ['null', '[]', '"pago"', '1', 'true']) {
      const response = await mercadoPago(payload);
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('INVALID_EVENT');
    }
    for (const payload of [
      '{"type":{"toString":1}}',
      '{"type":{"toString":1,"valueOf":1},"data":{"id":{"toString":1}}}',
      '{"type":["payment"],"data":null}',
      '{"type":"payment","data":{"id":{"valueOf":1}}}',
      '{"type":"payment","data":"123"}',
      '{"topic":{"toString":null}}',
    ]) {
      const response = await mercadoPago(payload);
      expect(response.statusCode, `${payload}: ${response.body}`).toBe(200);
      // The signed query names the payment; MercadoPago does not know it.
      expect(['ignored', 'unknown_order']).toContain(response.json().result);
    }
    // Odd query values, signed or not, are ignored or refused, never a 500.
    for (const query of [
      'type[a]=1&topic[b]=2',
      'data.id[]=1&data.id[]=2',
      'type=payment&id[x]=1',
    ]) {
      for (const signed of [true, false]) {
        const response = await mercadoPago('{}', { query, signed });
        expect(response.statusCode, `${query}: ${response.body}`).toBeLessThan(500);
      }
    }
  });

  it('answers MercadoPago 502 when MercadoPago cannot be asked, so it notifies again', async () => {
    await mp.close();
    mpOpen = false;
    const response = await mercadoPago('{"type":"payment","data":{"id":"987654321"}}', {
      query: 'data.id=987654321&type=payment',
    });
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().error.code).toBe('PROVIDER_UNAVAILABLE');
  });
});
