import type { FastifyInstance } from 'fastify';
import type { StoreCheckoutDeps } from './store-checkout.service';
import { catalogueCache } from '../store-catalogue/store-catalogue.service';
import { storeRoutes } from './store.routes';
import { handlePlatformStripeWebhook } from '../payments/payment-confirmation.service';
import { platformStripeAccount, stripeConnection } from '../payments/providers/stripe';
import { webhookRoute } from '../payments/webhook-route';

/**
 * The storefront: its API under /api/store, the platform's Stripe webhook
 * under /api/webhooks/stripe (its reservations past their time are the app's
 * expiry sweeper's). Its card payments go through the Stripe payment adapter
 * on the platform's account, and their outcomes through the same settle path
 * as the payment links'. Registered inside /api.
 */
export async function storePlugin(app: FastifyInstance): Promise<void> {
  const keys = app.config.store.stripe;
  const account = keys ? platformStripeAccount(keys) : undefined;
  const context = { db: app.db, secretBox: app.secretBox, pay: app.config.pay, log: app.log };
  const deps: StoreCheckoutDeps = {
    db: app.db,
    config: app.config,
    gateway: account ? stripeConnection(context, account) : undefined,
    workflow: app.orderWorkflow,
    log: app.log,
  };
  catalogueCache(app.db, app.dbDriver);

  await app.register(storeRoutes, { prefix: '/store', deps });

  await webhookRoute(app, '/webhooks/stripe', async (request, reply) => {
    if (!account) {
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: 'Stripe no está configurado.' } });
    }
    return handlePlatformStripeWebhook(
      { db: app.db, orderWorkflow: app.orderWorkflow, log: app.log },
      account,
      request,
    );
  });
}
