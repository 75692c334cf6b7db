import type { FastifyInstance } from 'fastify';
import { forgetPastMailQuota } from '../notifications/notifications.service';
import {
  handleProviderWebhook,
  type ConfirmationDeps,
} from '../payments/payment-confirmation.service';
import { webhookRoute } from '../payments/webhook-route';
import { renewDueConnections } from './connection-upkeep';
import { forgetExpiredChallenges } from './pay-challenge';
import { handleStripeConnectWebhook } from './stripe-connect-webhook';
import { payRoutes } from './pay.routes';

/**
 * Every minute spent challenges and e-mail counts are forgotten once they no
 * longer matter (unpaid orders past their time are the app's expiry sweeper's).
 */
const SWEEP_INTERVAL_MS = 60_000;
/** How often connected accounts due for a new token are renewed. */
const RENEW_INTERVAL_MS = 3_600_000;

/**
 * Per-product payment links: the buyer's routes under /api/public, the
 * providers' webhooks under /api/webhooks/{provider}/:companyId and the
 * cleanup of the abuse limits. Registered inside /api.
 */
export async function payPlugin(app: FastifyInstance): Promise<void> {
  const deps = {
    db: app.db,
    orderWorkflow: app.orderWorkflow,
    config: app.config,
    storage: app.storage,
    secretBox: app.secretBox,
    linkAnalytics: app.linkAnalytics,
  };
  await app.register(payRoutes, { prefix: '/public', deps });

  const confirmation = (log: ConfirmationDeps['log']): ConfirmationDeps => ({
    db: app.db,
    orderWorkflow: app.orderWorkflow,
    secretBox: app.secretBox,
    pay: app.config.pay,
    log,
  });
  await webhookRoute(app, '/webhooks/mercadopago/:companyId', async (request) =>
    handleProviderWebhook(confirmation(app.log), 'mercadopago', request),
  );
  await webhookRoute(app, '/webhooks/stripe/:companyId', async (request) =>
    handleProviderWebhook(confirmation(app.log), 'stripe', request),
  );
  // Connected Stripe accounts' events: one endpoint for all, the account names the company.
  await webhookRoute(app, '/webhooks/stripe/connect', async (request) =>
    handleStripeConnectWebhook(
      {
        ...confirmation(app.log),
        appUrl: app.config.appUrl,
        // An account that finished Stripe's onboarding starts taking the company's card payments.
        onChange: app.destinationChanges.companyMethodChanged,
      },
      request,
    ),
  );

  const sweep = () => {
    const now = new Date();
    // What the abuse limits keep only for a while: used challenges and past hours' e-mail counts.
    Promise.all([
      forgetExpiredChallenges(app.db, now),
      forgetPastMailQuota(app.db, new Date(now.getTime() - 3_600_000)),
    ]).catch((error: unknown) => app.log.warn({ err: error }, 'payment-link cleanup failed'));
  };
  // unref: the sweeper never keeps the process alive; it stops with the app.
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  // Connected MercadoPago accounts are renewed well before their token runs out.
  const renew = () => {
    if (!app.config.pay.mercadopagoApp) return;
    renewDueConnections({
      db: app.db,
      secretBox: app.secretBox,
      pay: app.config.pay,
      appUrl: app.config.appUrl,
      log: app.log,
    }).then(
      (counts) =>
        counts.renewed + counts.broken > 0 &&
        app.log.info(counts, 'MercadoPago connections renewed'),
      (error: unknown) => app.log.warn({ err: error }, 'MercadoPago connection renewal failed'),
    );
  };
  const renewTimer = setInterval(renew, RENEW_INTERVAL_MS);
  renewTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(renewTimer);
  });
}
