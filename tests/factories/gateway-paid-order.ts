import type { FakeMercadoPago, FakeStripe } from '../fakes/payment-providers';
import type { TestApp } from '../setup/test-app';
import { buy, type PayWorld } from './pay-world';

/**
 * A payment-link order of the pay world's product paid through a gateway
 * (the local fake), approved the way a buyer's return approves it: the
 * server reads the payment back. Answers the order id and the gateway's
 * payment id.
 */
export async function gatewayPaidOrder(
  t: TestApp,
  world: PayWorld,
  gateway: { stripe: FakeStripe } | { mp: FakeMercadoPago },
): Promise<{ orderId: string; paymentId: string }> {
  const provider = 'stripe' in gateway ? 'stripe' : 'mercadopago';
  const placed = await buy(t, world.productId, { provider, ref: world.ref });
  if (placed.statusCode !== 201) throw new Error(`order: ${placed.statusCode} ${placed.body}`);
  const { order_id: orderId, token, next } = placed.json();
  let query: string;
  let paymentId: string;
  if ('stripe' in gateway) {
    const intent = [...gateway.stripe.intents.values()].find(
      (i) => i.metadata.order_id === orderId,
    );
    if (!intent) throw new Error('no PaymentIntent for the order');
    gateway.stripe.succeed(intent.id);
    paymentId = intent.id;
    query = `payment_intent=${intent.id}`;
  } else {
    const preference = [...gateway.mp.preferences.values()].find((p) => p.init_point === next.url);
    if (!preference) throw new Error('no preference for the order');
    paymentId = String(gateway.mp.pay(preference.id).id);
    query = `payment_id=${paymentId}`;
  }
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/public/orders/${orderId}?token=${encodeURIComponent(token)}&${query}`,
  });
  if (back.json().status !== 'approved') throw new Error(`not approved: ${back.body}`);
  return { orderId, paymentId };
}
