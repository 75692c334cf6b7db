import { rmSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config/env';
import type { Database } from '../../src/server/db/client';
import { copyPgliteTemplate, createPostgresDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/** Environment every test app starts from; a test passes more variables to change it. */
export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED: 'false',
  // The e-mail outbox is drained by the tests that look at it (app.outbox.drain).
  OUTBOX_POLL_MS: '0',
  // Webhook deliveries are sent by the tests that look at them (app.webhooks.drain).
  WEBHOOK_POLL_MS: '0',
  // Clicks are written by the tests that look at them (app.linkAnalytics.flush).
  ANALYTICS_FLUSH_MS: '0',
  APP_URL: 'http://localhost:3000',
  APP_SECRET: 'test-secret-test-secret-test-secret-0123456789',
} as const;

/**
 * Payment links without their abuse limits, for tests that place many orders
 * from one address (app.inject's 127.0.0.1) to one buyer about something else.
 * The limits have their own tests (features/pay/pay-limits.test.ts).
 */
export const UNLIMITED_PAY_ENV = {
  PAY_RATE_LIMIT: '10000',
  PAY_MAX_HELD_UNITS_PER_PRODUCT: '1000000',
  PAY_MAX_HELD_UNITS_PER_ADDRESS: '1000000',
  PAY_CHALLENGE_AFTER_UNITS: '1000000',
  PAY_MAX_UNPAID_SHARE_BPS: '10000',
  PAY_BUYER_MAILS_PER_HOUR: '1000',
  // Tests place many orders from one address through one seller's link: not a signal here.
  RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
} as const;

/**
 * An app on its own database: a copy of the migrated PGlite template, or a new
 * database on the server named by TEST_DATABASE_URL. Call once per test file.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  adjust: (config: Config) => Config = (config) => config,
  options: BuildAppOptions = {},
): Promise<TestApp> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const dataDir = copyPgliteTemplate();
  const postgres = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  const config = adjust(
    loadConfig({
      ...TEST_ENV,
      DATA_DIR: dataDir,
      // No built web app unless a test makes one: a `dist/web` left by a build must not change answers.
      WEB_DIR: path.join(dataDir, 'web'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      ...env,
    }),
  );
  const app = await buildApp(config, options);
  return {
    app,
    db: app.db,
    config,
    async close() {
      await app.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
