import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { runtimeConfigFor, type Config, type TrustProxy } from './config/env';
import { openDatabase, type Database, type DatabaseHandle } from './db/client';
import { createPlatformFigures, type PlatformFigures } from './features/dashboard/platform-figures';
import { signInProtectionPlugin } from './features/sign-in-protection/sign-in-protection.plugin';
import {
  accountSecurityRoutes,
  twoFactorGuardRoutes,
} from './features/account-security/account-security.routes';
import { accountRoutes } from './features/accounts/accounts.routes';
import { actorPlugin } from './features/accounts/actor.plugin';
import { identityDocumentRoutes } from './features/accounts/identity-document.routes';
import { roleSurface } from './features/accounts/role-guard';
import { authPlugin } from './features/auth/auth.plugin';
import { authRoutes } from './features/auth/auth.routes';
import { healthRoutes } from './features/health/health.routes';
import { storePlugin } from './features/store/store.plugin';
import { mailPlugin } from './features/mail/mail.plugin';
import type { OrderWorkflow } from './features/orders/order-workflow';
import { orderEventsStep } from './features/orders/order-events';
import { invalidateCatalogue } from './features/store-catalogue/store-catalogue.service';
import {
  notifyAccountLocked,
  notifyWebhookDisabled,
} from './features/notifications/account-notices';
import { webhooksPlugin, type WebhooksPluginOptions } from './features/webhooks/webhooks.plugin';
import { notificationsPlugin } from './features/notifications/notifications.plugin';
import { settlementsPlugin } from './features/settlements/settlements.plugin';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { notifyOrderTransition } from './features/notifications/notifications.service';
import { payPlugin } from './features/pay/pay.plugin';
import { recordLedgerEntries } from './features/settlements/ledger.service';
import { runtimeConfigRoutes } from './features/runtime-config/runtime-config.routes';
import { supportRoutes } from './features/support/support.routes';
import { createSecretBox, type SecretBox } from './lib/secret-box';
import { errorHandlerPlugin } from './plugins/error-handler';
import { appLogger } from './request-log';
import { inputGuardPlugin } from './plugins/input-guard';
import { jsonCompressionPlugin } from './plugins/json-compression';
import { openApiPlugin } from './plugins/openapi';
import { originCheckPlugin } from './plugins/origin-check';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { payLinkPreview } from './features/pay/pay-preview';
import { spaPlugin } from './plugins/spa';
import { productPageImage } from './features/store-catalogue/store-catalogue.service';
import { startEmbeddedVacuum } from './db/embedded-vacuum';
import { startExpirySweeper } from './expiry-sweeper';
import { publicApiPlugin } from './features/integrations/public-api.plugin';
import { startIdempotencySweeper } from './features/integrations/idempotency-sweeper';
import { SURFACES } from './surfaces';
import { ROLES } from '@shared/accounts/accounts.schema';
import { storagePlugin } from './plugins/storage';
import { LinkAnalytics } from './features/analytics/link-analytics';
import { riskStep } from './features/risk/risk-step';
import { SellerSightings } from './features/risk/seller-sightings';
import { riskPlugin } from './features/risk/risk.plugin';
import { destinationChangesPlugin } from './features/destination-changes/destination-changes.plugin';
import { collectorIdPlugin } from './features/company-settings/collector-id.plugin';
import { notMeRoutes } from './features/destination-changes/not-me.routes';
import {
  invoicingPlugin,
  type InvoicingPluginOptions,
} from './features/invoicing/invoicing.plugin';
import { bannedAmong } from './features/profiles/seller-standing.service';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    dbDriver: DatabaseHandle['driver'];
    /** Seals and opens stored secrets (payment credentials) with keys from APP_SECRET. */
    secretBox: SecretBox;
    /** What an order's status change does besides the orders' own steps (order-workflow.ts). */
    orderWorkflow: OrderWorkflow;
    /** The admin dashboard's platform-wide sums, reused for a few seconds. */
    platformFigures: PlatformFigures;
    /** Counts payment links' clicks and attributes orders to them (features/analytics). */
    linkAnalytics: LinkAnalytics;
    /** Where signed-in sellers' requests come from (features/risk: the self-purchase signal). */
    sellerSightings: SellerSightings;
  }
}

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Tests: the webhook worker's resolver and wait (features/webhooks). */
  webhooks?: Pick<WebhooksPluginOptions, 'resolve' | 'timeoutMs'>;
  /** Tests: ARCA's services and the clock of the fiscal documents' run (features/invoicing). */
  invoicing?: Partial<InvoicingPluginOptions>;
}

const REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * Builds the whole application: plugins first, then one route plugin per actor
 * surface, then the SPA. Tests call it and use `app.inject()`; server.ts only listens.
 */
export async function buildApp(
  config: Config,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // No client address and no secret of a link in any line (request-log.ts).
    logger: appLogger(config, options.logger),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionError: (error) => app.log.warn({ err: error }, 'database connection lost'),
  });
  app.addHook('onClose', async () => {
    // The clicks still queued are written before the database closes.
    if (app.hasDecorator('linkAnalytics')) await app.linkAnalytics.stop();
    if (app.hasDecorator('sellerSightings')) await app.sellerSightings.settle();
    await database.close();
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbDriver', database.driver);
  app.decorate(
    'secretBox',
    createSecretBox({ current: config.appSecret, previous: config.appSecretPrevious }),
  );

  // What an order's status change does besides its own steps (order-workflow.ts), for this app only.
  const platformFigures = createPlatformFigures(database.db);
  app.decorate('platformFigures', platformFigures);
  app.decorate('orderWorkflow', {
    // What a company owes, written in the change's transaction.
    ledger: recordLedgerEntries,
    // Confirmed fraud keeps its orders' commission from the seller; a refund may raise a signal.
    risk: riskStep(config.risk, (error) =>
      app.log.error({ err: error }, 'risk signals of a status change failed'),
    ),
    // Who must hear about it: bell entries and e-mails, queued in the same transaction.
    notifications: notifyOrderTransition,
    // The company's systems hear of it: webhook events, written in the same transaction.
    webhooks: orderEventsStep(() => app.storage),
    // Once it is written, the admin dashboard's sums are computed again, and a
    // storefront order's units show again in the catalogue.
    invalidateCaches: ({ order }) => {
      platformFigures.invalidate();
      if (order.channel === 'store') invalidateCatalogue(database.db);
    },
  } satisfies OrderWorkflow);
  // Unpaid orders of both surfaces past their time give their units back.
  startExpirySweeper(app);
  // Idempotency keys are forgotten after their day.
  startIdempotencySweeper(app);
  // PGlite has no autovacuum: the funnel's summaries, changed in place, are vacuumed hourly.
  startEmbeddedVacuum(app);
  // Payment links' clicks, queued by the pages and written in batches.
  const linkAnalytics = new LinkAnalytics(database.db, app.log, {
    ...config.analytics,
    appHost: new URL(config.appUrl).hostname,
  });
  app.decorate('linkAnalytics', linkAnalytics);
  linkAnalytics.recorder.start();
  // Where signed-in sellers' requests come from, for the self-purchase signal (risk center).
  const sellerSightings = new SellerSightings(database.db, linkAnalytics.hasher, app.log);
  app.decorate('sellerSightings', sellerSightings);
  app.addHook('onResponse', async (request) => {
    if (!request.actorPromise) return;
    const actor = await request.actorPromise.catch(() => null);
    if (actor?.profile?.role !== 'seller') return;
    const userAgent = request.headers['user-agent'];
    sellerSightings.seen(actor.userId, request.ip, typeof userAgent === 'string' ? userAgent : '');
  });

  await app.register(errorHandlerPlugin);
  await app.register(jsonCompressionPlugin);
  await app.register(securityPlugin, {
    isProduction: config.isProduction,
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
  await app.register(originCheckPlugin, { appUrl: config.appUrl });
  await app.register(inputGuardPlugin);
  await app.register(cookie, { secret: config.appSecret });
  // Multipart forms are read with each route's own limits (lib/multipart-form.ts);
  // these defaults only bound a form sent where none is expected.
  await app.register(multipart, {
    limits: { fileSize: 1024 * 1024, files: 1, fields: 20, parts: 21 },
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  await app.register(openApiPlugin, { appUrl: config.appUrl, isProduction: config.isProduction });
  await app.register(storagePlugin);
  await app.register(mailPlugin);
  await app.register(notificationsPlugin);
  // Companies' webhooks: a worker delivers what changes wrote; a failing endpoint is turned off.
  await app.register(webhooksPlugin, { onDisabled: notifyWebhookDisabled, ...options.webhooks });
  // Wrong passwords per account; the owner of a locked account hears of it (bell and e-mail).
  await app.register(signInProtectionPlugin, { onLocked: notifyAccountLocked });
  await app.register(riskPlugin);
  await app.register(destinationChangesPlugin);
  await app.register(collectorIdPlugin);
  await app.register(settlementsPlugin);
  await app.register(invoicingPlugin, options.invoicing ?? {});
  await app.register(authPlugin, {
    // A seller banned for fraud (risk center) cannot sign in again.
    isSuspended: async (userId) => (await bannedAmong(database.db, [userId])).has(userId),
  });
  await app.register(actorPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(supportRoutes, { prefix: '/public' });
      await api.register(runtimeConfigRoutes, { prefix: '/public' });
      await api.register(storePlugin);
      await api.register(payPlugin);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(accountSecurityRoutes, { prefix: '/account' });
      await api.register(twoFactorGuardRoutes);
      await api.register(notMeRoutes, { prefix: '/account' });
      await api.register(identityDocumentRoutes);
      await api.register(notificationRoutes, { prefix: '/notifications' });
      // The public API: API keys only, never cookies (features/integrations).
      await api.register(publicApiPlugin, { prefix: '/v1' });
      // One surface per actor, each behind its role guard (401 / 403).
      for (const role of ROLES) {
        await api.register(roleSurface(role, SURFACES[role]), { prefix: `/${role}` });
      }
    },
    { prefix: '/api' },
  );

  await app.register(spaPlugin, {
    webDir: config.webDir,
    runtimeConfig: runtimeConfigFor(config),
    linkPreview: (pathname, search) =>
      payLinkPreview(
        {
          db: app.db,
          config,
          storage: app.storage,
          secretBox: app.secretBox,
          orderWorkflow: app.orderWorkflow,
          log: app.log,
        },
        pathname,
        search,
      ),
    pageImage: (pathname) => productPageImage(app.db, pathname),
    // A person's browser opening a payment link is a click (features/analytics).
    payLinkVisited: (request, productId, query) =>
      void linkAnalytics.capture(request, productId, query),
  });
  return app;
}

/**
 * Fastify's `trustProxy` for the configured proxies. A number of hops becomes
 * a function (this Fastify ignores X-Forwarded-For when given a bare number):
 * the last `hops` addresses are proxies', and `request.ip` is the one before
 * them, the address the outermost proxy appended.
 */
export function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}
