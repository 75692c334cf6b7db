import Stripe from 'stripe';
import {
  startFakeMercadoPago,
  startFakeStripe,
  type FakeMercadoPago,
  type FakeStripe,
} from '../fakes/payment-providers';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';
import { STRIPE_WEBHOOK_SECRET } from './pay-world';

export interface ProviderApp {
  t: TestApp;
  mp: FakeMercadoPago;
  stripe: FakeStripe;
  /** Closes the app, then both fakes. */
  close: () => Promise<void>;
}

/** A test app without pay limits whose MercadoPago and Stripe are local fakes. */
export async function startProviderApp(): Promise<ProviderApp> {
  const [mp, stripe] = await Promise.all([startFakeMercadoPago(), startFakeStripe()]);
  const closeFakes = () => Promise.all([mp.close(), stripe.close()]);
  let t: TestApp;
  try {
    t = await createTestApp({
      MERCADOPAGO_API_URL: mp.url,
      STRIPE_API_URL: stripe.url,
      ...UNLIMITED_PAY_ENV,
    });
  } catch (error) {
    await closeFakes();
    throw error;
  }
  return {
    t,
    mp,
    stripe,
    close: async () => {
      await t.close();
      await closeFakes();
    },
  };
}

const signer = new Stripe('sk_test_signer_only');

/** Posts a Stripe webhook body to a company's endpoint, signed with `secret` (at `timestamp` when given). */
export function postStripeWebhook(
  t: TestApp,
  companyId: string,
  payload: string,
  options: { secret?: string; timestamp?: number | undefined } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/webhooks/stripe/${companyId}`,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STRIPE_WEBHOOK_SECRET,
        ...(options.timestamp ? { timestamp: options.timestamp } : {}),
      }),
    },
    payload,
  });
}
