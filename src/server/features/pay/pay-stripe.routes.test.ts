import { describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { FakeStripe } from '../../../../tests/fakes/payment-providers';
import type { TestApp } from '../../../../tests/setup/test-app';
import {
  buy,
  createPayWorld,
  sellerTally,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { payRoutesFixture } from '../../../../tests/factories/pay-routes-fixture';

describe('payment links /api/public/pay and the providers (against local fakes)', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  let world: PayWorld;
  const { stockOf, orderRow, buyerOrder, stripeWebhook } = payRoutesFixture(
    (made) => ({ t, stripe, world } = made),
  );

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
});
