import type { FastifyInstance } from 'fastify';
import type { StoreCheckoutDeps } from './store-checkout.service';
import { catalogueCache } from '../store-catalogue/store-catalogue.service';
import { handleStripeWebhook } from './store-webhooks.service';
import { storeRoutes } from './store.routes';
import { createStripeClient } from '../payments/stripe-client';
import { webhookRoute } from '../payments/webhook-route';

/**
 * The storefront: its API under /api/store, the Stripe webhook under
 * /api/webhooks/stripe (its reservations past their time are the app's expiry
 * sweeper's). Registered inside /api.
 */
export async function storePlugin(app: FastifyInstance): Promise<void> {
  const keys = app.config.store.stripe;
  const stripe = keys ? createStripeClient(keys) : undefined;
  const deps: StoreCheckoutDeps = {
    db: app.db,
    config: app.config,
    stripe,
    workflow: app.orderWorkflow,
  };
  catalogueCache(app.db, app.dbDriver);

  await app.register(storeRoutes, { prefix: '/store', deps });

  await webhookRoute(app, '/webhooks/stripe', async (request, reply) => {
    if (!stripe || !keys) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: 'Stripe no está configurado.' } });
    }
    const signature = request.headers['stripe-signature'];
    return handleStripeWebhook(
      app.db,
      app.orderWorkflow,
      stripe,
      keys.webhookSecret,
      request.rawBody,
      typeof signature === 'string' ? signature : undefined,
    );
  });
}
