import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notifyStatementsReady } from './statements.service';

const CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly (and at start): once a month is over, each company with sales in it
 * hears that its statement is ready. Several instances may run it; each
 * notice is written once.
 */
export const settlementsPlugin = fp(async (app: FastifyInstance) => {
  if (app.config.outbox.pollMs === 0) return; // tests call notifyStatementsReady themselves
  const check = () => {
    notifyStatementsReady(app.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'statement notices failed'),
    );
  };
  const timer = setInterval(check, CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => check());
  app.addHook('onClose', async () => clearInterval(timer));
});
