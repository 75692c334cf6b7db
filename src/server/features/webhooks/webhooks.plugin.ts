import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { startPoller } from '../../lib/poller';
import type { ResolveHost } from './webhook-address';
import {
  drainWebhooks,
  startWebhookWorker,
  type DeliveryDeps,
  type DeliveryOptions,
  type DrainResult,
} from './webhook-delivery';
import { createWebhookSender } from './webhook-http';
import { webhookEvents } from './webhooks.table';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: {
      /** Sends what is due now (tests, benchmarks). */
      drain(options?: DeliveryOptions & { now?: Date }): Promise<DrainResult>;
      /** Sends soon, after a change that queued deliveries. */
      nudge(): void;
      /** The resolver endpoint addresses are checked with (tests hand in their own). */
      resolve: ResolveHost | undefined;
    };
  }
}

export interface WebhooksPluginOptions {
  /** Tells a company its endpoint was turned off (a bell entry and an e-mail). */
  onDisabled: DeliveryDeps['onDisabled'];
  /** Tests: host names of their own (a public-looking name that points at loopback). */
  resolve?: ResolveHost;
  /** Tests: a shorter wait than API.md's 10 s. */
  timeoutMs?: number;
}

/** API.md: a delivery succeeds on a 2xx within 10 s. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Events, with their deliveries, are kept 30 days for the delivery log. */
export const WEBHOOK_LOG_DAYS = 30;
const SWEEP_INTERVAL_MS = 60 * 60_000;

export async function sweepWebhookEvents(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  const deleted = await db
    .delete(webhookEvents)
    .where(lt(webhookEvents.createdAt, cutoff))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}

/**
 * The webhook worker, in every instance: it polls every WEBHOOK_POLL_MS (0
 * turns it off) and takes due deliveries with SKIP LOCKED, so instances share
 * the work and each delivery goes out once. Hourly, events past their 30 days
 * are deleted with their deliveries.
 */
export const webhooksPlugin = fp<WebhooksPluginOptions>(async (app: FastifyInstance, options) => {
  const sender = createWebhookSender({
    allowPrivate: app.config.webhooks.allowPrivate,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const deps = (now?: Date): DeliveryDeps => ({
    db: app.db,
    secretBox: app.secretBox,
    sender,
    log: app.log,
    onDisabled: options.onDisabled,
    ...(now ? { now: () => now } : {}),
  });
  const { pollMs } = app.config.webhooks;
  const worker = pollMs > 0 ? startWebhookWorker(deps(), pollMs) : null;
  const sweeper = startPoller(
    async () => {
      const deleted = await sweepWebhookEvents(app.db);
      if (deleted > 0) app.log.info({ deleted }, 'webhook events past their 30 days');
    },
    SWEEP_INTERVAL_MS,
    (error) => app.log.warn({ err: error }, 'webhook event sweep failed'),
  );
  app.decorate('webhooks', {
    drain: ({ now, ...rest }: DeliveryOptions & { now?: Date } = {}) =>
      drainWebhooks(deps(now), rest),
    nudge: () => worker?.nudge(),
    resolve: options.resolve,
  });
  app.addHook('onClose', async () => {
    await worker?.stop();
    await sweeper.stop();
    sender.close();
  });
});
