import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { gatewayPaidOrder } from '../../../../tests/factories/gateway-paid-order';
import {
  buy,
  callAs,
  createPayWorld,
  historyOf,
  ledgerOf,
  placeTransferOrder,
  moveOrder,
  sellerTally,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { startProviderApp, type ProviderApp } from '../../../../tests/factories/provider-app';
import type { FakeMercadoPago, FakeStripe } from '../../../../tests/fakes/payment-providers';
import type { TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';
import { companyPaymentMethods } from './payment-methods.table';

describe("the admin's Reintegrado refunds a gateway's payment through that gateway", () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let stripe: FakeStripe;
  let close: ProviderApp['close'] | undefined;
  let admin: CreatedUser;
  let world: PayWorld;

  beforeAll(async () => {
    ({ t, mp, stripe, close } = await startProviderApp());
    admin = await createUser(t.app, { role: 'admin' });
    world = await createPayWorld(t);
  });
  afterAll(() => close?.());

  const refund = (orderId: string) =>
    callAs(t, admin, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'refunded' });
  const statusOf = async (orderId: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const stock = async () =>
    (await t.db.select().from(products).where(eq(products.id, world.productId)))[0]!.stock;
  const ledgerSum = async (orderId: string) =>
    (await ledgerOf(t, orderId)).reduce((sum, entry) => sum + entry.amountCents, 0);

  it('Stripe: refunds the PaymentIntent once, then gives back the units, points and ledger', async () => {
    const before = await sellerTally(t, world.seller.id);
    const units = await stock();
    const { orderId, paymentId } = await gatewayPaidOrder(t, world, { stripe });
    expect(await stock()).toBe(units - 1);
    expect((await sellerTally(t, world.seller.id)).sales).toBe(before.sales + 1);

    const response = await refund(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('refunded');
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(asked).toHaveLength(1);
    expect(new URLSearchParams(asked[0]!.body).get('payment_intent')).toBe(paymentId);
    expect(asked[0]!.headers['idempotency-key']).toBe(`refund-${orderId}`);
    expect(stripe.charges.get(`ch_${paymentId}`)!.refunded).toBe(true);
    expect(await stock()).toBe(units);
    expect(await sellerTally(t, world.seller.id)).toEqual(before);
    expect(await ledgerSum(orderId)).toBe(0);

    // Marked Reintegrado again: nothing more is asked of Stripe, nothing moves.
    const again = await refund(orderId);
    expect(again.statusCode).toBe(200);
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    expect(await stock()).toBe(units);
    expect((await historyOf(t, orderId)).filter((s) => s === 'refunded')).toHaveLength(1);
  });

  it('MercadoPago: refunds the payment with POST /v1/payments/:id/refunds', async () => {
    const units = await stock();
    const { orderId, paymentId } = await gatewayPaidOrder(t, world, { mp });
    const response = await refund(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('refunded');
    const asked = mp.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refunds`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.method).toBe('POST');
    expect(asked[0]!.headers['x-idempotency-key']).toBe(`refund-${orderId}`);
    expect(mp.payments.get(Number(paymentId))!.status).toBe('refunded');
    expect(await stock()).toBe(units);
  });

  it('a gateway that fails to refund answers 502 REFUND_FAILED and changes nothing', async () => {
    const gateways: ({ stripe: FakeStripe } | { mp: FakeMercadoPago })[] = [{ stripe }, { mp }];
    for (const gateway of gateways) {
      const { orderId } = await gatewayPaidOrder(t, world, gateway);
      const units = await stock();
      const tally = await sellerTally(t, world.seller.id);
      const ledger = await ledgerSum(orderId);
      if ('stripe' in gateway) gateway.stripe.failNextRefund(500);
      else gateway.mp.failNextRefund(500);

      const response = await refund(orderId);
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('REFUND_FAILED');
      expect(response.json().error.message).toMatch(
        /no pudo reintegrar el pago; el pedido no cambió/,
      );
      expect(await statusOf(orderId)).toBe('approved');
      expect(await stock()).toBe(units);
      expect(await sellerTally(t, world.seller.id)).toEqual(tally);
      expect(await ledgerSum(orderId)).toBe(ledger);
      expect(await historyOf(t, orderId)).not.toContain('refunded');
    }
  });

  it('a payment whose gateway account is gone answers 409 REFUND_UNAVAILABLE and changes nothing', async () => {
    const other = await createPayWorld(t);
    const { orderId } = await gatewayPaidOrder(t, other, { stripe });
    await t.db
      .delete(companyPaymentMethods)
      .where(eq(companyPaymentMethods.companyId, other.company.id));
    const asked = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    const response = await refund(orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('REFUND_UNAVAILABLE');
    expect(response.json().error.message).toContain('Reintégralo desde Stripe');
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(asked);
    expect(await statusOf(orderId)).toBe('approved');
  });

  it('a transfer, or an order not paid yet, is marked Reintegrado without asking any gateway', async () => {
    const transfer = await placeTransferOrder(t, world);
    await moveOrder(t, transfer, 'approved');
    const unpaid = (await buy(t, world.productId, { provider: 'stripe' })).json()
      .order_id as string;
    const asked = stripe.requests.length + mp.requests.length;
    for (const orderId of [transfer, unpaid]) {
      const response = await refund(orderId);
      expect(response.statusCode).toBe(200);
      expect(await statusOf(orderId)).toBe('refunded');
    }
    expect(stripe.requests.length + mp.requests.length).toBe(asked);
  });
});
