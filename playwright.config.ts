import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the built app on its own port and a fresh data
 * folder, in the system Chromium (no browser download).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${port}`;
// One data folder and one web build per port, so several runs can share a machine.
// Set only on the server: the pages learn the store id at run time (no rebuild).
export const E2E_STORE_ID = 'otra-tienda';
/** The support line the e2e server is configured with (SUPPORT_WHATSAPP). */
export const E2E_SUPPORT_WHATSAPP = '+54 9 351 400-0000';
export const E2E_DATA_DIR = `.tmp/e2e-${port}/data`;
export const E2E_WEB_DIR = `.tmp/e2e-${port}/web`;
export const E2E_SERVER_DIR = `.tmp/e2e-${port}/server`;
/** A second app, for the journeys that need another configuration (account-security.spec.ts). */
export const E2E_SECOND_PORT = port + 20;
/** Local fakes of MercadoPago's and Stripe's APIs (tests/fakes), next to the app's port. */
export const E2E_FAKE_MERCADOPAGO_URL = `http://127.0.0.1:${port + 10}`;
export const E2E_FAKE_STRIPE_URL = `http://127.0.0.1:${port + 11}`;
/** The webhook secret journeys configure for MercadoPago; the fake signs its webhooks with it. */
export const E2E_MERCADOPAGO_WEBHOOK_SECRET = 'e2e-mercadopago-webhook-secret';
/** The platform's MercadoPago application in the journeys (companies connect through it). */
const E2E_MERCADOPAGO_APP = { clientId: '5550001112223', clientSecret: 'e2e-platform-app-secret' };
/** The platform's Stripe account for Stripe Connect (the storefront keeps transfers: no STRIPE_WEBHOOK_SECRET). */
export const E2E_STRIPE_PLATFORM = {
  secretKey: 'sk_test_51E2ePlatformConnect',
  publishableKey: 'pk_test_51E2ePlatformConnect',
  connectWebhookSecret: 'whsec_e2e_platform_connect',
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: `.tmp/e2e-${port}/results`,
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: [
    {
      command: 'tsx tests/fakes/serve-payment-fakes.ts',
      url: `${E2E_FAKE_STRIPE_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_MERCADOPAGO_PORT: String(port + 10),
        FAKE_STRIPE_PORT: String(port + 11),
        FAKE_MERCADOPAGO_WEBHOOK_SECRET: E2E_MERCADOPAGO_WEBHOOK_SECRET,
        FAKE_MERCADOPAGO_CLIENT_ID: E2E_MERCADOPAGO_APP.clientId,
        FAKE_MERCADOPAGO_CLIENT_SECRET: E2E_MERCADOPAGO_APP.clientSecret,
      },
    },
    {
      // The same build `npm start` runs: the bundled server on plain node.
      command: `rm -rf ${E2E_DATA_DIR} && tsx scripts/build.ts --out ${E2E_WEB_DIR} --server-out ${E2E_SERVER_DIR} && node --enable-source-maps ${E2E_SERVER_DIR}/server.js`,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      // The build and the first start of a fresh embedded database, on a busy two-core machine.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        PORT: String(port),
        APP_URL: E2E_BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        WEB_DIR: E2E_WEB_DIR,
        LOG_LEVEL: 'warn',
        SEED: 'true',
        STORE_ID: E2E_STORE_ID,
        SUPPORT_WHATSAPP: E2E_SUPPORT_WHATSAPP,
        SUPPORT_RATE_LIMIT: '100',
        // Every browser test signs in from 127.0.0.1; production keeps the default per-address limit.
        AUTH_RATE_LIMIT: '500',
        PAY_RATE_LIMIT: '500',
        // Every journey buys through the demo seller's links from 127.0.0.1 within the hour.
        RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
        // Journeys about the per-address limits buy from an address of their own (X-Forwarded-For);
        // every other journey buys from 127.0.0.1, far below the limits' defaults.
        TRUST_PROXY: 'true',
        // The settlement journey's clock: a sale's commission is payable as soon as it is covered.
        SETTLEMENT_HOLD_DAYS: '0',
        MERCADOPAGO_API_URL: E2E_FAKE_MERCADOPAGO_URL,
        MERCADOPAGO_AUTH_URL: E2E_FAKE_MERCADOPAGO_URL,
        MERCADOPAGO_CLIENT_ID: E2E_MERCADOPAGO_APP.clientId,
        MERCADOPAGO_CLIENT_SECRET: E2E_MERCADOPAGO_APP.clientSecret,
        // Connected accounts' notifications: the fake signs every webhook with this one secret.
        MERCADOPAGO_WEBHOOK_SECRET: E2E_MERCADOPAGO_WEBHOOK_SECRET,
        STRIPE_API_URL: E2E_FAKE_STRIPE_URL,
        STRIPE_SECRET_KEY: E2E_STRIPE_PLATFORM.secretKey,
        STRIPE_PUBLISHABLE_KEY: E2E_STRIPE_PLATFORM.publishableKey,
        STRIPE_CONNECT_WEBHOOK_SECRET: E2E_STRIPE_PLATFORM.connectWebhookSecret,
        // The webhook journey's receiver listens on loopback, and deliveries go out at once.
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_POLL_MS: '200',
      },
    },
  ],
});
