import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { FakeMercadoPago } from '../../../../tests/fakes/payment-providers';
import type { TestApp } from '../../../../tests/setup/test-app';
import { countPaymentEvents } from '../payments/payment-events.service';
import { expireDueOrders } from '../orders/order-workflow';
import { sellerTallyFromOrders } from '../orders/orders.service';
import { orderStatusHistory } from '../orders/orders.table';
import {
  buy,
  createPayWorld,
  MP_TOKEN,
  sellerTally,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { payRoutesFixture } from '../../../../tests/factories/pay-routes-fixture';

describe('payment links /api/public/pay and the providers (against local fakes)', () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let world: PayWorld;
  const { stockOf, orderRow, buyerOrder, mercadoPagoWebhook } = payRoutesFixture(
    (made) => ({ t, mp, world } = made),
  );

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
});
