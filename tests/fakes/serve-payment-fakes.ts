import { startFakeMercadoPago, startFakeStripe } from './payment-providers';

/**
 * Runs both payment fakes on fixed loopback ports for the browser journeys
 * and local demos: `tsx tests/fakes/serve-payment-fakes.ts`.
 * FAKE_MERCADOPAGO_PORT, FAKE_STRIPE_PORT, FAKE_MERCADOPAGO_WEBHOOK_SECRET
 * (sign the webhooks the hosted MercadoPago page sends) and
 * FAKE_MERCADOPAGO_CLIENT_ID / FAKE_MERCADOPAGO_CLIENT_SECRET (the platform
 * application its OAuth accepts) configure it.
 */
const mp = await startFakeMercadoPago({
  port: Number(process.env.FAKE_MERCADOPAGO_PORT ?? 4598),
  webhookSecret: process.env.FAKE_MERCADOPAGO_WEBHOOK_SECRET,
  // The platform's MercadoPago application, for companies connecting their accounts (OAuth).
  ...(process.env.FAKE_MERCADOPAGO_CLIENT_ID && process.env.FAKE_MERCADOPAGO_CLIENT_SECRET
    ? {
        app: {
          clientId: process.env.FAKE_MERCADOPAGO_CLIENT_ID,
          clientSecret: process.env.FAKE_MERCADOPAGO_CLIENT_SECRET,
        },
      }
    : {}),
});
const stripe = await startFakeStripe({ port: Number(process.env.FAKE_STRIPE_PORT ?? 4599) });
console.log(`fake MercadoPago on ${mp.url}, fake Stripe on ${stripe.url}`);

const stop = async () => {
  await Promise.all([mp.close(), stripe.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
