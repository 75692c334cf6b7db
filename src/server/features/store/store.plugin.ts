import type { FastifyInstance } from 'fastify';
import type { StoreCheckoutDeps } from './store-checkout.service';
import { catalogueCache } from './store-catalogue.service';
import { releaseExpiredReservations } from './store-checkout.service';
import { handleStripeWebhook } from './store-webhooks.service';
import { storeRoutes } from './store.routes';
import { createStripeClient } from './stripe-client';

/** Every minute unpaid reservations past their time give their units back. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The storefront: its API under /api/store, the Stripe webhook under
 * /api/webhooks/stripe and the reservation sweeper. Registered inside /api.
 */
export async function storePlugin(app: FastifyInstance): Promise<void> {
  const stripe = createStripeClient(app.config.store);
  const deps: StoreCheckoutDeps = { db: app.db, config: app.config, stripe };
  catalogueCache(app.db, app.dbDriver);

  await app.register(storeRoutes, { prefix: '/store', deps });

  await app.register(async (webhooks) => {
    // Signatures are computed over the exact bytes Stripe sent.
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    webhooks.post(
      '/webhooks/stripe',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (request, reply) => {
        const secret = app.config.store.stripe?.webhookSecret;
        if (!stripe || !secret) {
          return reply
            .status(404)
            .send({ error: { code: 'NOT_FOUND', message: 'Stripe no está configurado.' } });
        }
        const signature = request.headers['stripe-signature'];
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return handleStripeWebhook(
          app.db,
          stripe,
          secret,
          body,
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });

  const sweep = () => {
    releaseExpiredReservations(app.db).then(
      (count) => count > 0 && app.log.info({ count }, 'store reservations released'),
      (error: unknown) => app.log.warn({ err: error }, 'store reservation sweep failed'),
    );
  };
  // unref: the sweeper never keeps the process alive; it stops with the app.
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
