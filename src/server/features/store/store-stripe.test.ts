import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  seedTestCatalogue,
  startFakeStripe,
  type FakeStripe,
} from '../../../../tests/factories/store-catalogue';
import { CHECKOUT_PAGE_MESSAGES } from '@shared/store/checkout.schema';
import { countPaymentEvents } from '../payments/payment-events.service';
import { storeVariants } from '../store-catalogue/store-catalogue.table';
import { orders as storeOrders } from '../orders/orders.table';

const APP = 'http://localhost:3000';
const WEBHOOK_SECRET = 'whsec_test_secret_for_the_store';
const buyer = {
  name: 'Ana Pérez',
  email: 'ana@example.com',
  phone: '+54 11 5555-1234',
  address: 'Av. Corrientes 1234',
  city: 'Buenos Aires',
  postalCode: 'C1043',
  province: 'Buenos Aires',
};

describe('storefront checkout with Stripe (against a local fake of its API)', () => {
  let t: TestApp;
  let fake: FakeStripe;
  const signer = new Stripe('sk_test_signer', { telemetry: false });

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_platform',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      STORE_CHECKOUT_RATE_LIMIT: '100',
    });
    await seedTestCatalogue(t.db);
    await t.db
      .update(storeVariants)
      .set({ quantity: 50 })
      .where(eq(storeVariants.id, 'lamp-walnut'));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object });
  const stock = async (id: string) => {
    const [row] = await t.db.select().from(storeVariants).where(eq(storeVariants.id, id));
    return { quantity: row!.quantity, reserved: row!.reserved };
  };
  const statusOf = async (id: string) =>
    (await t.db.select().from(storeOrders).where(eq(storeOrders.id, id)))[0]!.status;

  async function startPayment(quantity = 1) {
    const response = await post('/api/store/vendemas/checkout', {
      items: [{ variant_id: 'lamp-walnut', quantity }],
      successUrl: `${APP}/success`,
      cancelUrl: `${APP}/store`,
    });
    const url = new URL(response.json().url);
    const id = url.pathname.split('/').pop()!;
    const token = url.searchParams.get('token')!;
    const pay = await post(`/api/store/vendemas/checkout/${id}/pay`, { token, buyer });
    expect(pay.statusCode).toBe(200);
    return { id, token, pay: pay.json() };
  }

  function webhook(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    });
  }
  const completed = (eventId: string, session: Record<string, unknown>) => ({
    id: eventId,
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { ...session, payment_status: 'paid', status: 'complete' } },
  });

  it('creates a Checkout Session with the database prices and sends the buyer there', async () => {
    const { id, pay } = await startPayment(2);
    expect(pay.summary.payment_method).toBe('stripe');
    expect(pay.summary.status).toBe('pending_payment');
    expect(pay.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);

    const request = fake.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(request.method).toBe('POST');
    expect(request.form.get('mode')).toBe('payment');
    expect(request.form.get('client_reference_id')).toBe(id);
    expect(request.form.get('customer_email')).toBe('ana@example.com');
    expect(request.form.get('line_items[0][quantity]')).toBe('2');
    expect(request.form.get('line_items[0][price_data][unit_amount]')).toBe('6900');
    expect(request.form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(request.form.get('success_url')).toContain(`${APP}/checkout/${id}?token=`);
    expect(request.form.get('success_url')).toContain('session_id={CHECKOUT_SESSION_ID}');
    // Stripe needs an expiry at least 30 minutes away.
    const expiresIn = Number(request.form.get('expires_at')) * 1000 - Date.now();
    expect(expiresIn).toBeGreaterThan(30 * 60_000);
    expect(await statusOf(id)).toBe('pending_payment');
    expect(await stock('lamp-walnut')).toEqual({ quantity: 50, reserved: 2 });
  });

  it('marks the order paid only through a webhook with a valid signature, once', async () => {
    const { id } = await startPayment(1);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;

    const forged = await webhook(completed('evt_forged', session), 'whsec_wrong');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('INVALID_SIGNATURE');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed('evt_unsigned', session)),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending_payment');

    fake.pay(String(session.id));
    const before = await stock('lamp-walnut');
    const first = await webhook(completed('evt_paid_1', session));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, result: 'applied' });
    expect(await statusOf(id)).toBe('approved');
    const after = await stock('lamp-walnut');
    expect(after).toEqual({ quantity: before.quantity - 1, reserved: before.reserved - 1 });

    const again = await webhook(completed('evt_paid_1', session));
    expect(again.json()).toEqual({ received: true, result: 'duplicate' });
    const redelivered = await webhook(completed('evt_paid_1_retry', session));
    expect(redelivered.statusCode).toBe(200);
    expect(await stock('lamp-walnut')).toEqual(after);
    expect(await countPaymentEvents(t.db, 'stripe', 'evt_paid_1')).toBe(1);
  });

  it('marks an order paid only when Stripe itself says the session was paid with its amount and currency', async () => {
    const { id, token } = await startPayment(2);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;
    const sessionId = String(session.id);
    const asked = () =>
      fake.requests.filter(
        (r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`,
      ).length;
    const before = await stock('lamp-walnut');

    // The signed event says paid; Stripe says the session is still open and unpaid.
    const claimed = await webhook(completed('evt_claims_paid', session));
    expect(claimed.statusCode).toBe(200);
    expect(asked()).toBe(1);
    expect(await statusOf(id)).toBe('pending_payment');

    // Stripe took less than the order's total, or another currency.
    fake.pay(sessionId, { amount: 100 });
    await webhook(completed('evt_paid_short', session));
    expect(await statusOf(id)).toBe('pending_payment');
    fake.pay(sessionId, { amount: 13_800, currency: 'usd' });
    await webhook(completed('evt_paid_dollars', session));
    expect(await statusOf(id)).toBe('pending_payment');
    const returned = await post(`/api/store/vendemas/checkout/${id}/confirm`, {
      token,
      session_id: sessionId,
    });
    expect(returned.json().status).toBe('pending_payment');
    expect(await stock('lamp-walnut')).toEqual(before);

    // A genuine event signed more than 300 s ago is refused before Stripe is asked.
    fake.pay(sessionId, { amount: 13_800, currency: 'eur' });
    const payload = JSON.stringify(completed('evt_old', session));
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 301,
        }),
      },
      payload,
    });
    expect(old.statusCode).toBe(400);
    expect(await statusOf(id)).toBe('pending_payment');

    const paid = await webhook(completed('evt_paid_right', session));
    expect(paid.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('approved');
  });

  it('ignores a paid session that is not the one created for the order', async () => {
    const { id, token } = await startPayment(1);
    // Made for this order, paid in full on Stripe, but not the session the order points at.
    const ours = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;
    fake.sessions.set('cs_test_someone_else', { ...ours, id: 'cs_test_someone_else' });
    fake.pay('cs_test_someone_else');
    const response = await webhook(
      completed('evt_other_session', fake.sessions.get('cs_test_someone_else')!),
    );
    expect(response.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('pending_payment');
    await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
  });

  it('confirms a returning buyer by asking Stripe, never by the browser’s word', async () => {
    const { id, token } = await startPayment(1);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;
    const confirm = () =>
      post(`/api/store/vendemas/checkout/${id}/confirm`, { token, session_id: session.id });

    const unpaid = await confirm();
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.json().status).toBe('pending_payment');

    fake.pay(String(session.id));
    const paid = await confirm();
    expect(paid.json().status).toBe('paid');
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path.endsWith(String(session.id))),
    ).toBe(true);

    const wrongSession = await post(`/api/store/vendemas/checkout/${id}/confirm`, {
      token,
      session_id: 'cs_test_404',
    });
    expect(wrongSession.statusCode).toBe(404);
  });

  it('reuses the open session when the buyer clicks pay again', async () => {
    const { id, token, pay } = await startPayment(1);
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const again = await post(`/api/store/vendemas/checkout/${id}/pay`, { token, buyer });
    expect(again.json().redirect_url).toBe(pay.redirect_url);
    expect(fake.requests.filter((r) => r.path === '/v1/checkout/sessions')).toHaveLength(created);
    await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
  });

  it('cancel releases the reservation of a Stripe order and closes its session', async () => {
    const before = await stock('lamp-walnut');
    const { id, token } = await startPayment(1);
    expect((await stock('lamp-walnut')).reserved).toBe(before.reserved + 1);
    const cancel = await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
    expect(cancel.json()).toEqual({ redirect_url: `${APP}/store` });
    expect(await stock('lamp-walnut')).toEqual(before);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;
    expect(session.status).toBe('expired');
  });

  it('a payment that lands after a cancel still marks the order paid and takes the units', async () => {
    const { id, token } = await startPayment(1);
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === id)!;
    // The buyer pays on Stripe's page while the cancel is on its way: the session can no longer expire.
    fake.pay(String(session.id));
    await post(`/api/store/vendemas/checkout/${id}/cancel`, { token });
    const before = await stock('lamp-walnut');
    const late = await webhook(completed('evt_late_payment', session));
    expect(late.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('approved');
    expect(await stock('lamp-walnut')).toEqual({
      quantity: before.quantity - 1,
      reserved: before.reserved,
    });
  });
});

describe('Stripe webhook without Stripe configured', () => {
  it('answers 404', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('storefront checkout when Stripe cannot be reached', () => {
  it('answers 502 PAYMENTS_UNAVAILABLE, never a 500, and the order stays payable', async () => {
    // A port nothing listens on: the connection is refused.
    const closed = await startFakeStripe();
    const url = closed.url;
    await closed.close();
    const t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_platform',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    });
    try {
      await seedTestCatalogue(t.db);
      const checkout = await t.app.inject({
        method: 'POST',
        url: '/api/store/vendemas/checkout',
        payload: {
          items: [{ variant_id: 'lamp-walnut', quantity: 1 }],
          successUrl: `${APP}/success`,
          cancelUrl: `${APP}/store`,
        },
      });
      const address = new URL(checkout.json().url);
      const id = address.pathname.split('/').pop()!;
      const token = address.searchParams.get('token')!;
      const pay = await t.app.inject({
        method: 'POST',
        url: `/api/store/vendemas/checkout/${id}/pay`,
        payload: { token, buyer },
      });
      expect(pay.statusCode).toBe(502);
      expect(pay.json().error).toEqual({
        code: 'PAYMENTS_UNAVAILABLE',
        message: CHECKOUT_PAGE_MESSAGES.paymentsUnavailable,
      });
      const [row] = await t.db.select().from(storeOrders).where(eq(storeOrders.id, id));
      expect(row!.status).toBe('reserved');
    } finally {
      await t.close();
    }
  }, 60_000);
});
