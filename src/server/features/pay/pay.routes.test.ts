import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { createUser } from '../../../../tests/factories/accounts';
import type { FakeMercadoPago, FakeStripe } from '../../../../tests/fakes/payment-providers';
import {
  postStripeWebhook,
  startProviderApp,
  type ProviderApp,
} from '../../../../tests/factories/provider-app';
import type { TestApp } from '../../../../tests/setup/test-app';
import { countPaymentEvents } from '../payments/payment-events.service';
import { signMercadoPagoWebhook } from '../payments/mercadopago';
import { expireDueOrders } from '../orders/order-workflow';
import { sellerTallyFromOrders } from '../orders/orders.service';
import { orders, orderStatusHistory } from '../orders/orders.table';
import { products } from '../products/products.table';
import {
  BUYER,
  buy,
  companyCall,
  createPayWorld,
  MP_TOKEN,
  MP_WEBHOOK_SECRET,
  sellerTally,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET,
  TRANSFER_CONFIG,
  type PayWorld,
} from '../../../../tests/factories/pay-world';

describe('payment links /api/public/pay and the providers (against local fakes)', () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let stripe: FakeStripe;
  let world: PayWorld;

  let close: ProviderApp['close'] | undefined;

  beforeAll(async () => {
    ({ t, mp, stripe, close } = await startProviderApp());
    world = await createPayWorld(t);
  });
  afterAll(() => close?.());

  const stockOf = async (productId = world.productId) => {
    const [row] = await t.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    return row!.stock;
  };
  const orderRow = async (id: string) => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    return row!;
  };
  const buyerOrder = (id: string, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/orders/${id}?${query}` });

  function mercadoPagoWebhook(
    paymentId: number,
    options: { secret?: string; companyId?: string; ts?: string } = {},
  ) {
    const requestId = `req-${paymentId}-${Math.random().toString(16).slice(2)}`;
    const signature = signMercadoPagoWebhook(options.secret ?? MP_WEBHOOK_SECRET, {
      dataId: String(paymentId),
      requestId,
      ts: options.ts ?? String(Math.floor(Date.now() / 1000)),
    });
    return t.app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago/${options.companyId ?? world.company.id}?data.id=${paymentId}&type=payment`,
      headers: {
        'content-type': 'application/json',
        'x-signature': signature,
        'x-request-id': requestId,
      },
      payload: JSON.stringify({
        type: 'payment',
        action: 'payment.updated',
        data: { id: String(paymentId) },
      }),
    });
  }

  function stripeWebhook(
    event: Record<string, unknown>,
    secret = STRIPE_WEBHOOK_SECRET,
    timestamp?: number,
  ) {
    const payload = JSON.stringify({ object: 'event', api_version: '2024-06-20', ...event });
    return postStripeWebhook(t, world.company.id, payload, { secret, timestamp });
  }

  describe('the pay page', () => {
    it('shows the product at the buyer price, the company, who recommends it and the active methods', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${world.productId}?ref=${world.ref}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        product: {
          id: world.productId,
          title: 'Yerba orgánica 1 kg',
          description: 'Cosecha 2026, estacionada 12 meses.',
          image_urls: [],
          buyer_price_cents: 1_100_000,
          stock: 20,
          max_quantity: 10,
        },
        company: { name: 'Yerbatera Misionera SA', logo_url: null },
        seller: { name: 'Sergio Vendedor' },
        methods: [
          { provider: 'mercadopago' },
          { provider: 'stripe', publishable_key: STRIPE_PUBLISHABLE_KEY },
          { provider: 'transferencia' },
        ],
      });
      // No secret of any method reaches the buyer.
      expect(response.body).not.toContain(MP_TOKEN);
      expect(response.body).not.toContain('sk_test');
    });

    it('sells without a seller when the link has no ref or an unknown one', async () => {
      for (const query of ['', '?ref=desconocido', '?ref=%E2%9C%93', `?ref=${'x'.repeat(150)}`]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/public/pay/${world.productId}${query}`,
        });
        expect(response.statusCode, query).toBe(200);
        expect(response.json().seller).toBeNull();
      }
    });

    it("answers 404 'Producto no encontrado o no disponible.' for a missing, inactive or sold-out product", async () => {
      const other = await createPayWorld(t, { stock: 0 });
      const inactive = await createPayWorld(t);
      await companyCall(t, inactive.company, 'PATCH', `/products/${inactive.productId}`, {
        is_active: false,
      });
      for (const id of [
        '7d9e3c1a-0000-4000-8000-000000000000',
        other.productId,
        inactive.productId,
      ]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/public/pay/${id}` });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.message).toBe(PAY_MESSAGES.productNotFound);
      }
      const malformed = await t.app.inject({ method: 'GET', url: '/api/public/pay/no-es-un-id' });
      expect(malformed.statusCode).toBe(400);
    });
  });

  describe('bank transfer', () => {
    it('creates a pending_transfer order with the stored split, and the buyer sees the bank details', async () => {
      const before = await stockOf();
      const response = await buy(t, world.productId, {
        provider: 'transferencia',
        ref: world.ref,
        quantity: 2,
      });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer).toMatchObject({ status: 'pending_transfer', next: { kind: 'transfer' } });
      expect(answer.next.url).toBe(
        `${t.config.appUrl}/transfer/${answer.order_id}?token=${encodeURIComponent(answer.token)}`,
      );
      expect(await stockOf()).toBe(before - 2);

      const order = await orderRow(answer.order_id);
      expect(order).toMatchObject({
        sellerId: world.seller.id,
        quantity: 2,
        totalCents: 2_200_000,
        companyCents: 2_000_000,
        sellerCents: 150_000,
        platformCents: 50_000,
        status: 'pending_transfer',
        buyerEmail: BUYER.email,
      });
      expect(order.buyerTokenHash).not.toContain(answer.token);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, order.id));
      expect(history).toMatchObject([{ status: 'pending_transfer', changedBy: 'system' }]);

      const view = await buyerOrder(answer.order_id, `token=${answer.token}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({
        status: 'pending_transfer',
        total_cents: 2_200_000,
        company: { name: 'Yerbatera Misionera SA' },
        transfer: { ...TRANSFER_CONFIG, reference: order.externalReference },
      });
      expect(order.externalReference).toMatch(/^VM-[0-9A-Z]{10}$/);
    });

    it("answers 'Pedido no encontrado.' for a wrong token, and never shows another buyer's order", async () => {
      const response = await buy(t, world.productId, { provider: 'transferencia' });
      const { order_id: id } = response.json();
      for (const query of ['token=otro', 'token=', '']) {
        const view = await buyerOrder(id, query);
        expect(view.statusCode, query).toBeGreaterThanOrEqual(400);
        expect(view.statusCode).toBeLessThan(500);
      }
      const wrong = await buyerOrder(id, 'token=otro');
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json().error.message).toBe(PAY_MESSAGES.orderNotFound);
    });

    it('the company confirms the transfer once: the order is approved and the seller earns points and a sale', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
      const { order_id: id } = response.json();

      const other = await createUser(t.app, { role: 'company' });
      const foreign = await companyCall(t, other, 'POST', `/orders/${id}/confirm-transfer`);
      expect(foreign.statusCode).toBe(404);

      const confirmed = await companyCall(
        t,
        world.company,
        'POST',
        `/orders/${id}/confirm-transfer`,
      );
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        id,
        status: 'approved',
        seller_name: 'Sergio Vendedor',
        company_name: 'Yerbatera Misionera SA',
        points_awarded: 10, // 10 + floor($750 / $1.000)
      });
      const again = await companyCall(t, world.company, 'POST', `/orders/${id}/confirm-transfer`);
      expect(again.statusCode).toBe(409);
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: seller.points + 10,
        sales: seller.sales + 1,
      });
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, id));
      expect(history.map((row) => [row.status, row.changedBy])).toEqual([
        ['pending_transfer', 'system'],
        ['approved', world.company.id],
      ]);
    });

    it('lists the company orders with filters, and exports them as CSV', async () => {
      const list = await companyCall(t, world.company, 'GET', '/orders?status=approved');
      expect(list.statusCode).toBe(200);
      expect(list.json().items.length).toBeGreaterThan(0);
      for (const order of list.json().items) {
        expect(order.status).toBe('approved');
        expect(order.total_cents).toBe(
          order.company_cents + order.seller_cents + order.platform_cents,
        );
      }
      const csv = await companyCall(t, world.company, 'GET', '/orders/export.csv');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('Referencia');
      expect(csv.body).toContain('Yerba orgánica 1 kg');
      const other = await createUser(t.app, { role: 'company' });
      const empty = await companyCall(t, other, 'GET', '/orders');
      expect(empty.json()).toMatchObject({ items: [], total: 0 });
      const bad = await companyCall(t, world.company, 'GET', '/orders?from=ayer');
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('MercadoPago', () => {
    it('creates a Checkout Pro preference with our reference, webhook, return pages and expiry', async () => {
      const response = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer.next.kind).toBe('redirect');
      const preference = [...mp.preferences.values()].find(
        (p) => answer.next.url === p.init_point,
      )!;
      const order = await orderRow(answer.order_id);
      expect(preference).toMatchObject({
        accessToken: MP_TOKEN,
        external_reference: order.externalReference,
        notification_url: `${t.config.appUrl}/api/webhooks/mercadopago/${world.company.id}?source_news=webhooks`,
        auto_return: 'approved',
        items: [
          { title: 'Yerba orgánica 1 kg', quantity: 1, unit_price: 11000, currency_id: 'ARS' },
        ],
      });
      expect(preference.back_urls.success).toContain(`/success?order=${answer.order_id}&token=`);
      expect(new Date(preference.expiration_date_to).getTime()).toBe(order.expiresAt!.getTime());
      const request = mp.requests.findLast((r) => r.path === '/checkout/preferences')!;
      expect(request.headers['x-idempotency-key']).toBe(`order-${answer.order_id}`);
    });

    it('approves the order once however often and concurrently the signed webhook arrives', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
      const { order_id: id } = response.json();
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const payment = mp.pay(preference.id);

      const deliveries = await Promise.all(
        Array.from({ length: 5 }, () => mercadoPagoWebhook(payment.id)),
      );
      expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await orderRow(id)).status).toBe('approved');
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: seller.points + 10,
        sales: seller.sales + 1,
      });
      expect(await countPaymentEvents(t.db, 'mercadopago', `${payment.id}:approved`)).toBe(1);
      const history = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.status, 'approved')));
      expect(history).toHaveLength(1);

      // The buyer's /success page reads the real status.
      const view = await buyerOrder(id, `token=${response.json().token}`);
      expect(view.json().status).toBe('approved');

      // A refund takes the points and the sale back, once.
      mp.setStatus(payment.id, 'refunded');
      await Promise.all([mercadoPagoWebhook(payment.id), mercadoPagoWebhook(payment.id)]);
      expect((await orderRow(id)).status).toBe('refunded');
      expect(await sellerTally(t, world.seller.id)).toEqual(seller);
      expect(await sellerTallyFromOrders(t.db, world.seller.id)).toEqual(
        await sellerTally(t, world.seller.id),
      );
    });

    it('answers 400 to a bad signature and writes nothing', async () => {
      const response = await buy(t, world.productId, { provider: 'mercadopago' });
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const payment = mp.pay(preference.id);
      const forged = await mercadoPagoWebhook(payment.id, { secret: 'otro-secreto-cualquiera' });
      expect(forged.statusCode).toBe(400);
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `/api/webhooks/mercadopago/${world.company.id}?data.id=${payment.id}&type=payment`,
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(unsigned.statusCode).toBe(400);
      expect((await orderRow(response.json().order_id)).status).toBe('pending_payment');
      expect(await countPaymentEvents(t.db, 'mercadopago', `${payment.id}:approved`)).toBe(0);
    });

    it('refuses a genuinely signed notification whose time is more than 300 s off, writing nothing', async () => {
      const response = await buy(t, world.productId, { provider: 'mercadopago' });
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const payment = mp.pay(preference.id);
      const asked = () => mp.requests.filter((r) => r.path === `/v1/payments/${payment.id}`).length;
      // Each time is taken just before its request: a time 301 s ahead made in advance would
      // be within 300 s of the server's clock by the time it arrived.
      for (const timeOf of [
        () => '978307200', // 2001-01-01
        () => String(Math.floor(Date.now() / 1000) - 301),
        () => String(Date.now() + 301_000), // in milliseconds: a whole second ahead is too coarse
        () => String(Date.now() - 3_600_000), // an hour ago, in milliseconds
        () => 'ayer',
      ]) {
        const ts = timeOf();
        const stale = await mercadoPagoWebhook(payment.id, { ts });
        expect(stale.statusCode, ts).toBe(400);
        expect(stale.json().error.code).toBe('INVALID_SIGNATURE');
      }
      expect((await mercadoPagoWebhook(payment.id, { ts: '978307200' })).json().error.message).toBe(
        'La firma del webhook está vencida: su hora difiere de la nuestra en más de 300 segundos.',
      );
      expect(asked()).toBe(0);
      expect((await orderRow(response.json().order_id)).status).toBe('pending_payment');
      expect(await countPaymentEvents(t.db, 'mercadopago', `${payment.id}:approved`)).toBe(0);

      // Inside the tolerance, in seconds or in milliseconds, it is heard.
      const fresh = await mercadoPagoWebhook(payment.id, { ts: String(Date.now() - 60_000) });
      expect(fresh.statusCode).toBe(200);
      expect((await orderRow(response.json().order_id)).status).toBe('approved');
    });

    it('never approves a payment whose amount or reference does not match', async () => {
      const response = await buy(t, world.productId, { provider: 'mercadopago' });
      const { order_id: id } = response.json();
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const cheap = mp.pay(preference.id, { amount: 1 });
      expect((await mercadoPagoWebhook(cheap.id)).statusCode).toBe(200);
      const dollars = mp.pay(preference.id, { currency: 'USD' });
      expect((await mercadoPagoWebhook(dollars.id)).statusCode).toBe(200);
      const elsewhere = mp.pay(preference.id, { reference: 'VM-NOEXISTE00' });
      expect((await mercadoPagoWebhook(elsewhere.id)).statusCode).toBe(200);
      expect((await orderRow(id)).status).toBe('pending_payment');
    });

    it("a failed preference answers 'No se pudo generar el link de pago.' and gives the units back", async () => {
      const before = await stockOf();
      mp.failNextPreference(500);
      const response = await buy(t, world.productId, { provider: 'mercadopago' });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.message).toBe(PAY_MESSAGES.preferenceFailed);
      expect(await stockOf()).toBe(before);
    });

    it('a late payment still approves an expired order while its units are there', async () => {
      const late = await createPayWorld(t);
      const response = await buy(t, late.productId, { provider: 'mercadopago', ref: late.ref });
      const { order_id: id } = response.json();
      const before = await stockOf(late.productId);
      expect(
        (await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 31 * 60_000))).link,
      ).toBeGreaterThan(0);
      expect((await orderRow(id)).status).toBe('expired');
      expect(await stockOf(late.productId)).toBe(before + 1);
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const payment = mp.pay(preference.id);
      await mercadoPagoWebhook(payment.id, { companyId: late.company.id });
      expect((await orderRow(id)).status).toBe('approved');
      expect(await stockOf(late.productId)).toBe(before);
    });

    it('the return from MercadoPago with payment_id confirms with MercadoPago before answering', async () => {
      const response = await buy(t, world.productId, { provider: 'mercadopago' });
      const { order_id: id, token } = response.json();
      const preference = [...mp.preferences.values()].find(
        (p) => response.json().next.url === p.init_point,
      )!;
      const payment = mp.pay(preference.id);
      const view = await buyerOrder(id, `token=${token}&payment_id=${payment.id}`);
      expect(view.json().status).toBe('approved');
    });

    it("a return page applies only its own order's payment, whatever payment_id it carries", async () => {
      const first = await buy(t, world.productId, { provider: 'mercadopago' });
      const other = await buy(t, world.productId, { provider: 'mercadopago' });
      const preferenceOf = (response: typeof first) =>
        [...mp.preferences.values()].find((p) => response.json().next.url === p.init_point)!;
      const paid = mp.pay(preferenceOf(other).id);
      const { order_id: id, token } = first.json();
      const view = await buyerOrder(id, `token=${token}&payment_id=${paid.id}`);
      expect(view.json().status).toBe('pending_payment');
      expect((await orderRow(other.json().order_id)).status).toBe('pending_payment');
      // The other order's own return page (or its webhook) approves it.
      const own = await buyerOrder(
        other.json().order_id,
        `token=${other.json().token}&payment_id=${paid.id}`,
      );
      expect(own.json().status).toBe('approved');
    });
  });

  describe('Stripe', () => {
    it('creates a PaymentIntent in ARS cents with our order id, and answers its client secret', async () => {
      const response = await buy(t, world.productId, { provider: 'stripe', quantity: 3 });
      expect(response.statusCode).toBe(201);
      const answer = response.json();
      expect(answer.next).toMatchObject({
        kind: 'stripe',
        publishable_key: STRIPE_PUBLISHABLE_KEY,
        return_url: expect.stringContaining(`/success?order=${answer.order_id}&token=`),
      });
      const intent = [...stripe.intents.values()].find(
        (i) => i.client_secret === answer.next.client_secret,
      )!;
      expect(intent).toMatchObject({
        amount: 3_300_000,
        currency: 'ars',
        metadata: { order_id: answer.order_id },
      });
      const request = stripe.requests.findLast((r) => r.path === '/v1/payment_intents')!;
      expect(request.headers['idempotency-key']).toBe(`order-${answer.order_id}`);
      expect((await orderRow(answer.order_id)).providerPaymentId).toBe(intent.id);
    });

    it('the return page retrieves the PaymentIntent: approved only when Stripe says it succeeded', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
      const { order_id: id, token } = response.json();
      const intent = [...stripe.intents.values()].find((i) => i.metadata.order_id === id)!;
      const early = await buyerOrder(id, `token=${token}&payment_intent=${intent.id}`);
      expect(early.json().status).toBe('pending_payment');
      stripe.succeed(intent.id);
      const paid = await buyerOrder(id, `token=${token}&payment_intent=${intent.id}`);
      expect(paid.json().status).toBe('approved');
      // The webhook that follows changes nothing.
      const events = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          stripeWebhook({
            id: `evt_late_${id}_${i % 2}`,
            type: 'payment_intent.succeeded',
            data: { object: { ...intent, secretKey: undefined } },
          }),
        ),
      );
      expect(events.map((e) => e.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: seller.points + 10,
        sales: seller.sales + 1,
      });
    });

    it('a signed payment_intent.succeeded approves once; charge.refunded takes it back; a bad signature writes nothing', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
      const { order_id: id } = response.json();
      const intent = stripe.succeed(
        [...stripe.intents.values()].find((i) => i.metadata.order_id === id)!.id,
      );
      const { secretKey: _hidden, ...object } = intent;

      const forged = await stripeWebhook(
        { id: `evt_forged_${id}`, type: 'payment_intent.succeeded', data: { object } },
        'whsec_otro',
      );
      expect(forged.statusCode).toBe(400);
      expect((await orderRow(id)).status).toBe('pending_payment');

      const deliveries = await Promise.all(
        Array.from({ length: 5 }, () =>
          stripeWebhook({ id: `evt_ok_${id}`, type: 'payment_intent.succeeded', data: { object } }),
        ),
      );
      expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect((await orderRow(id)).status).toBe('approved');
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: seller.points + 10,
        sales: seller.sales + 1,
      });

      const refundEvent = (eventId: string) => ({
        id: eventId,
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${intent.id}`,
            object: 'charge',
            refunded: true,
            payment_intent: intent.id,
          },
        },
      });
      // Stripe has not refunded the charge: the event's word changes nothing.
      const early = await stripeWebhook(refundEvent(`evt_refund_early_${id}`));
      expect(early.statusCode).toBe(200);
      expect((await orderRow(id)).status).toBe('approved');

      stripe.refund(intent.id);
      const refund = await stripeWebhook(refundEvent(`evt_refund_${id}`));
      expect(refund.statusCode).toBe(200);
      expect((await orderRow(id)).status).toBe('refunded');
      expect(await sellerTally(t, world.seller.id)).toEqual(seller);
    });

    it('approves only what Stripe answers: a signed event that says succeeded is checked against the PaymentIntent', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const place = async () => {
        const response = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
        const id = response.json().order_id as string;
        const intent = [...stripe.intents.values()].find((i) => i.metadata.order_id === id)!;
        return { id, intent };
      };
      const claimSucceeded = (eventId: string, intent: { id: string; amount: number }) =>
        stripeWebhook({
          id: eventId,
          type: 'payment_intent.succeeded',
          data: {
            object: {
              ...intent,
              secretKey: undefined,
              status: 'succeeded',
              amount_received: intent.amount,
            },
          },
        });

      // Stripe says the intent still waits for a card.
      const unpaid = await place();
      const retrievals = () =>
        stripe.requests.filter(
          (r) => r.method === 'GET' && r.path === `/v1/payment_intents/${unpaid.intent.id}`,
        ).length;
      const claimed = await claimSucceeded(`evt_claim_${unpaid.id}`, unpaid.intent);
      expect(claimed.statusCode).toBe(200);
      expect(retrievals()).toBe(1);
      expect((await orderRow(unpaid.id)).status).toBe('pending_payment');

      // Stripe received less, or another currency, than the order asks.
      const short = await place();
      stripe.succeed(short.intent.id, { amount: 100 });
      expect((await claimSucceeded(`evt_short_${short.id}`, short.intent)).statusCode).toBe(200);
      expect((await orderRow(short.id)).status).toBe('pending_payment');
      const dollars = await place();
      stripe.succeed(dollars.intent.id, { currency: 'usd' });
      expect((await claimSucceeded(`evt_usd_${dollars.id}`, dollars.intent)).statusCode).toBe(200);
      expect((await orderRow(dollars.id)).status).toBe('pending_payment');

      // An intent Stripe does not know under the company's key.
      const unknown = await claimSucceeded('evt_unknown_intent', {
        id: 'pi_fake_never_made',
        amount: 1_100_000,
      });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json().result).toBe('unknown_order');

      // A genuine event signed more than 300 s ago is refused before anything is asked.
      stripe.succeed(unpaid.intent.id);
      const old = await stripeWebhook(
        {
          id: `evt_old_${unpaid.id}`,
          type: 'payment_intent.succeeded',
          data: { object: { ...unpaid.intent, secretKey: undefined } },
        },
        STRIPE_WEBHOOK_SECRET,
        Math.floor(Date.now() / 1000) - 301,
      );
      expect(old.statusCode).toBe(400);
      expect(retrievals()).toBe(1);
      expect((await orderRow(unpaid.id)).status).toBe('pending_payment');
      expect(await sellerTally(t, world.seller.id)).toEqual(seller);

      // Once Stripe says it succeeded with the order's amount, the event approves it.
      expect((await claimSucceeded(`evt_paid_${unpaid.id}`, unpaid.intent)).statusCode).toBe(200);
      expect((await orderRow(unpaid.id)).status).toBe('approved');
    });

    it('a chargeback Stripe confirms takes the sale back', async () => {
      const seller = await sellerTally(t, world.seller.id);
      const response = await buy(t, world.productId, { provider: 'stripe', ref: world.ref });
      const { order_id: id, token } = response.json();
      const intent = [...stripe.intents.values()].find((i) => i.metadata.order_id === id)!;
      stripe.succeed(intent.id);
      await buyerOrder(id, `token=${token}&payment_intent=${intent.id}`);
      expect((await orderRow(id)).status).toBe('approved');
      const disputeId = stripe.dispute(intent.id);
      const disputed = await stripeWebhook({
        id: `evt_dispute_${id}`,
        type: 'charge.dispute.created',
        data: { object: { id: disputeId, object: 'dispute', payment_intent: intent.id } },
      });
      expect(disputed.statusCode).toBe(200);
      expect((await orderRow(id)).status).toBe('refunded');
      expect(await sellerTally(t, world.seller.id)).toEqual(seller);
    });

    it("invalid company keys answer 'La configuración de Stripe para esta empresa es inválida.' and give the units back", async () => {
      const broken = await createPayWorld(t, { stripeSecretKey: 'sk_test_invalid_key_0000' });
      const response = await buy(t, broken.productId, { provider: 'stripe' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(PAY_MESSAGES.stripeInvalid);
      expect(await stockOf(broken.productId)).toBe(20);
    });
  });

  describe('what a buyer cannot do', () => {
    it('refuses a method the company has not activated, and says when it has none', async () => {
      const bare = await createPayWorld(t);
      const list = await companyCall(t, bare.company, 'GET', '/payment-methods');
      for (const method of list.json().items) {
        if (method.provider !== 'transferencia') {
          await companyCall(t, bare.company, 'PATCH', `/payment-methods/${method.id}`, {
            is_active: false,
          });
        }
      }
      const stripeOff = await buy(t, bare.productId, { provider: 'stripe' });
      expect(stripeOff.statusCode).toBe(409);
      for (const method of list.json().items) {
        await companyCall(t, bare.company, 'DELETE', `/payment-methods/${method.id}`);
      }
      const none = await buy(t, bare.productId, { provider: 'transferencia' });
      expect(none.statusCode).toBe(409);
      expect(none.json().error.message).toBe(PAY_MESSAGES.noMethods);
      expect(await stockOf(bare.productId)).toBe(20);
    });

    it('validates the buyer and the quantity with Spanish messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [
          { provider: 'transferencia', buyer: { name: 'B', email: 'b@example.com' } },
          PAY_MESSAGES.nameRequired,
        ],
        [
          { provider: 'transferencia', buyer: { ...BUYER, email: 'no-es-mail' } },
          PAY_MESSAGES.emailInvalid,
        ],
        [
          { provider: 'transferencia', buyer: { ...BUYER, phone: 'llamame' } },
          PAY_MESSAGES.phoneInvalid,
        ],
        [{ provider: 'transferencia', quantity: 0 }, PAY_MESSAGES.quantityInvalid(100)],
        [{ provider: 'transferencia', quantity: 101 }, PAY_MESSAGES.quantityInvalid(100)],
        // Past PAY_MAX_UNITS_PER_ORDER (10 by default), below the schema's ceiling.
        [{ provider: 'transferencia', quantity: 11 }, PAY_MESSAGES.quantityInvalid(10)],
        [{ provider: 'bitcoin' }, PAY_MESSAGES.methodUnavailable],
      ];
      for (const [body, message] of cases) {
        const response = await buy(t, world.productId, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(JSON.stringify(response.json().error)).toContain(message);
      }
    });

    it("an order for a total the buyer no longer sees answers 409 'El precio cambió; revisa el nuevo total', writing nothing", async () => {
      const repriced = await createPayWorld(t, { stock: 5 });
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${repriced.productId}`,
      });
      const shown = page.json().product.buyer_price_cents as number;
      await companyCall(t, repriced.company, 'PATCH', `/products/${repriced.productId}`, {
        commission_bps: 2000,
      });
      const stale = await buy(t, repriced.productId, {
        provider: 'transferencia',
        quantity: 2,
        expected_total_cents: shown * 2,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toEqual({
        code: 'PRICE_CHANGED',
        message: PAY_MESSAGES.priceChanged,
      });
      expect(await stockOf(repriced.productId)).toBe(5);
      // The page reads the product again and the buyer accepts the new total.
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${repriced.productId}`,
      });
      const now = fresh.json().product.buyer_price_cents as number;
      expect(now).toBe(1_200_000);
      const placed = await buy(t, repriced.productId, {
        provider: 'transferencia',
        quantity: 2,
        expected_total_cents: now * 2,
      });
      expect(placed.statusCode).toBe(201);
      expect((await orderRow(placed.json().order_id)).totalCents).toBe(now * 2);
    });

    it('cannot buy more than the stock, nor an inactive product', async () => {
      const small = await createPayWorld(t, { stock: 2 });
      const tooMany = await buy(t, small.productId, { provider: 'transferencia', quantity: 3 });
      expect(tooMany.statusCode).toBe(409);
      expect(tooMany.json().error.message).toBe(PAY_MESSAGES.outOfStock);
      await companyCall(t, small.company, 'PATCH', `/products/${small.productId}`, {
        is_active: false,
      });
      const inactive = await buy(t, small.productId, { provider: 'transferencia' });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json().error.message).toBe(PAY_MESSAGES.productUnavailable);
      expect(await stockOf(small.productId)).toBe(2);
    });

    it('an unpaid transfer expires after its 24 hours and gives its units back', async () => {
      const small = await createPayWorld(t, { stock: 3 });
      const response = await buy(t, small.productId, { provider: 'transferencia', quantity: 3 });
      expect(await stockOf(small.productId)).toBe(0);
      await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 23 * 3_600_000));
      expect((await orderRow(response.json().order_id)).status).toBe('pending_transfer');
      await expireDueOrders(t.db, t.app.orderWorkflow, new Date(Date.now() + 25 * 3_600_000));
      expect((await orderRow(response.json().order_id)).status).toBe('expired');
      expect(await stockOf(small.productId)).toBe(3);
    });
  });
});
