import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { signMercadoPagoWebhook } from '../../src/server/features/payments/mercadopago';
import { orders } from '../../src/server/features/orders/orders.table';
import { products } from '../../src/server/features/products/products.table';
import type { FakeMercadoPago, FakeStripe } from '../fakes/payment-providers';
import type { TestApp } from '../setup/test-app';
import {
  createPayWorld,
  MP_WEBHOOK_SECRET,
  STRIPE_WEBHOOK_SECRET,
  type PayWorld,
} from './pay-world';
import { postStripeWebhook, startProviderApp, type ProviderApp } from './provider-app';

export interface PayRoutesWorld {
  t: TestApp;
  mp: FakeMercadoPago;
  stripe: FakeStripe;
  world: PayWorld;
}

/**
 * One test file's app for the payment-link routes: the gateways are local
 * fakes and the pay world is in it. `ready` hands the file its app, world and
 * fakes once they exist (before the first test); the helpers read them too.
 */
export function payRoutesFixture(ready: (made: PayRoutesWorld) => void) {
  let made: PayRoutesWorld;
  let close: ProviderApp['close'] | undefined;
  beforeAll(async () => {
    const app = await startProviderApp();
    close = app.close;
    made = { t: app.t, mp: app.mp, stripe: app.stripe, world: await createPayWorld(app.t) };
    ready(made);
  });
  afterAll(() => close?.());

  return {
    async stockOf(productId = made.world.productId) {
      const [row] = await made.t.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, productId));
      return row!.stock;
    },
    async orderRow(id: string) {
      const [row] = await made.t.db.select().from(orders).where(eq(orders.id, id));
      return row!;
    },
    buyerOrder: (id: string, query: string) =>
      made.t.app.inject({ method: 'GET', url: `/api/public/orders/${id}?${query}` }),

    /** MercadoPago's notification of a payment, signed with the company's secret unless told. */
    mercadoPagoWebhook(
      paymentId: number,
      options: { secret?: string; companyId?: string; ts?: string } = {},
    ) {
      const requestId = `req-${paymentId}-${Math.random().toString(16).slice(2)}`;
      const signature = signMercadoPagoWebhook(options.secret ?? MP_WEBHOOK_SECRET, {
        dataId: String(paymentId),
        requestId,
        ts: options.ts ?? String(Math.floor(Date.now() / 1000)),
      });
      return made.t.app.inject({
        method: 'POST',
        url: `/api/webhooks/mercadopago/${options.companyId ?? made.world.company.id}?data.id=${paymentId}&type=payment`,
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
    },

    /** A Stripe event to the pay world's company, signed with its webhook secret unless told. */
    stripeWebhook(
      event: Record<string, unknown>,
      secret = STRIPE_WEBHOOK_SECRET,
      timestamp?: number,
    ) {
      const payload = JSON.stringify({ object: 'event', api_version: '2024-06-20', ...event });
      return postStripeWebhook(made.t, made.world.company.id, payload, { secret, timestamp });
    },
  };
}
