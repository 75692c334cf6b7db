import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { seedVolume } from '../src/server/db/seed/volume';
import { products } from '../src/server/features/products/products.table';
import { profiles } from '../src/server/features/profiles/profiles.table';
import { queueBacklog, startReceiver } from './webhook-load';
import {
  createBenchDatabase,
  measureLatency,
  startProcess,
  stopProcess,
  type LatencyResult,
} from './lib';

/**
 * Integrations (issue 32), on 10,000 orders (`seed:volume`), on PGlite and,
 * when TEST_DATABASE_URL names one, on the PostgreSQL server:
 *
 * 1. the public API's order listing (`GET /api/v1/orders?limit=50`, a key's
 *    bearer) against `GET /api/me` (the cheapest signed-in request) in the
 *    same run, three rounds of each in turn: goal ≥ 0.5 of its requests/s;
 * 2. `POST /api/public/pay/:id` (a transfer order, 10 buyers back to back)
 *    with the company's webhook listening to `order.created` (every order
 *    delivered to a local receiver while the orders are placed) and with it
 *    turned off, in six pairs of runs after one run not counted: goal at most
 *    10 % slower (the median of the pairs);
 * 3. how many deliveries per second one instance sends: 20,000 events queued
 *    in the database, the server started, and the receiver's first to last
 *    request timed: goal ≥ 500/s.
 *
 * The server runs with NODE_ENV=development: production refuses
 * WEBHOOK_ALLOW_PRIVATE, which a receiver on this machine needs.
 * `BENCH_DRIVERS=pglite` or `postgres` runs one database.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
const PASSWORD = randomBytes(12).toString('base64url');
const PORT = Number(process.env.BENCH_PORT ?? 3305);
const APP_URL = `http://127.0.0.1:${PORT}`;
const ORDERS = 10_000;
const BACKLOG = 20_000;
const ROUNDS = 3;
const PAY_PAIRS = 6;
const GOALS = { listing: 0.5, payPenalty: 1.1, deliveriesPerSecond: 500 };

type Driver = 'pglite' | 'postgres';

async function call(
  method: string,
  route: string,
  cookie: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${APP_URL}${route}`, {
    method,
    headers: { cookie, origin: APP_URL, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok)
    throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  return response.status === 204 ? {} : ((await response.json()) as Record<string, unknown>);
}

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${APP_URL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: APP_URL },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** 10 buyers placing transfer orders back to back for 6 s: mean latency and orders per second. */
async function placeOrders(productId: string) {
  let sent = 0;
  const run = await autocannon({
    url: `${APP_URL}/api/public/pay/${productId}`,
    connections: 10,
    duration: 6,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          sent += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', origin: APP_URL },
            body: JSON.stringify({
              provider: 'transferencia',
              buyer: { name: 'Comprador Bench', email: `comprador-${sent}@example.com` },
            }),
          };
        },
      },
    ],
  });
  return {
    meanMs: run.latency.average,
    perSecond: Math.round(run['2xx'] / 6),
    refused: run.non2xx,
  };
}

/** The middle value, or the mean of the two middle ones of an even count. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface PayRun {
  meanMs: number;
  perSecond: number;
  refused: number;
}

interface DriverResult {
  driver: Driver;
  me: number;
  listing: number;
  listingFailures: number;
  /** With the webhook listening ÷ without: mean latency, and orders per second lost (medians of pairs). */
  payLatency: number;
  payThroughput: number;
  payRuns: { with: PayRun; without: PayRun }[];
  deliveriesPerSecond: number;
  delivered: number;
}

async function measureDriver(
  root: string,
  driver: Driver,
  serverUrl: string | undefined,
): Promise<DriverResult> {
  const dataDir = path.join(root, `.tmp/bench-integrations-${driver}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server =
    driver === 'postgres' && serverUrl
      ? await createBenchDatabase(serverUrl, 'bench_integrations')
      : null;
  const databaseUrl = server?.url;
  const receiver = await startReceiver(PORT + 50);
  const env = {
    NODE_ENV: 'development',
    APP_SECRET: SECRET,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    APP_URL,
    LOG_LEVEL: 'warn',
    SEED: 'false',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(root, 'dist/web'),
    WEBHOOK_ALLOW_PRIVATE: 'true',
    OUTBOX_POLL_MS: '0',
    API_KEY_RATE_LIMIT: '100000000',
    PAY_RATE_LIMIT: '100000000',
    // One address places every order: the per-address limits are not what is measured.
    PAY_MAX_HELD_UNITS_PER_PRODUCT: '1000000',
    PAY_MAX_HELD_UNITS_PER_ADDRESS: '1000000',
    PAY_CHALLENGE_AFTER_UNITS: '1000000',
    PAY_MAX_UNPAID_SHARE_BPS: '10000',
    PAY_BUYER_MAILS_PER_HOUR: '1000',
    RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  try {
    const started = performance.now();
    let companyId: string;
    let companyEmail: string;
    let productId: string;
    {
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        await database.migrate();
        const seeded = await seedVolume(database.db, {
          orders: ORDERS,
          companies: 20,
          sellers: 200,
          products: 400,
          password: PASSWORD,
          tag: 'bench',
          clicksPerOrder: 0,
        });
        companyEmail = seeded.sampleAccounts.find((account) => account.role === 'company')!.email;
        const [company] = await database.db
          .select({ id: profiles.id })
          .from(profiles)
          .where(eq(profiles.email, companyEmail));
        companyId = company!.id;
        const [product] = await database.db
          .update(products)
          .set({ stock: 100_000_000, isActive: true })
          .where(
            eq(products.id, sql`(select id from products where company_id = ${companyId} limit 1)`),
          )
          .returning({ id: products.id });
        productId = product!.id;
      } finally {
        await database.close();
      }
    }
    console.log(
      `  ${driver}: ${ORDERS.toLocaleString('en')} orders seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );

    let app = await startProcess(
      process.execPath,
      [path.join(root, 'dist/server/server.js')],
      env,
      `${APP_URL}/api/health`,
    );
    let endpointId: string;
    const meRuns: LatencyResult[] = [];
    const listingRuns: LatencyResult[] = [];
    const payWith: PayRun[] = [];
    const payWithout: PayRun[] = [];
    try {
      // A fresh sign-in counts as step-up: the key, the transfer details and the webhook need it.
      const cookie = await signIn(companyEmail);
      await call('POST', '/api/company/payment-methods', cookie, {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco Bench',
          accountHolder: 'Empresa Bench',
          cbu: '0110599520000001234569',
          cuit: '30-71234567-1',
        },
      });
      const key = String(
        (
          await call('POST', '/api/company/api-keys', cookie, {
            name: 'Bench',
            scopes: ['orders:read'],
          })
        ).key,
      );
      endpointId = String(
        (
          await call('POST', '/api/company/webhooks', cookie, {
            url: receiver.url,
            events: ['order.created'],
          })
        ).id,
      );

      for (let round = 0; round < ROUNDS; round += 1) {
        meRuns.push(
          await measureLatency('GET /api/me', `${APP_URL}/api/me`, {
            connections: 10,
            seconds: 6,
            headers: { cookie, 'accept-encoding': 'gzip' },
          }),
        );
        listingRuns.push(
          await measureLatency('GET /api/v1/orders', `${APP_URL}/api/v1/orders?limit=50`, {
            connections: 10,
            seconds: 6,
            headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'gzip' },
          }),
        );
      }
      // Pairs of runs, in turn with and without the webhook, the order swapped each time: the
      // table grows with every run, so neither side always runs on the larger one.
      const listening = async (active: boolean) => {
        await call('PATCH', `/api/company/webhooks/${endpointId}`, cookie, { is_active: active });
        (active ? payWith : payWithout).push(await placeOrders(productId));
      };
      // One run first, not counted: the pay path's first orders compile its code and fill the
      // database's caches, which would otherwise fall on the first pair's run with the webhook.
      await placeOrders(productId);
      for (let pair = 0; pair < PAY_PAIRS; pair += 1) {
        await listening(pair % 2 === 0);
        await listening(pair % 2 !== 0);
      }
      await call('PATCH', `/api/company/webhooks/${endpointId}`, cookie, { is_active: true });
      // The last orders' deliveries go out (the worker polls every second) before the backlog.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    } finally {
      await stopProcess(app);
    }

    // The backlog, queued while no server runs, then sent by one instance.
    {
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        await queueBacklog(database.db, endpointId, companyId, BACKLOG);
      } finally {
        await database.close();
      }
    }
    await receiver.reset();
    app = await startProcess(
      process.execPath,
      [path.join(root, 'dist/server/server.js')],
      env,
      `${APP_URL}/api/health`,
    );
    try {
      const deadline = Date.now() + 300_000;
      while ((await receiver.stats()).count < BACKLOG && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await stopProcess(app);
    }
    const sent = await receiver.stats();
    const seconds = sent.spanMs / 1000;
    const perSecond = (v: LatencyResult[]) => median(v.map((run) => run.requestsPerSecond));
    return {
      driver,
      me: perSecond(meRuns),
      listing: perSecond(listingRuns),
      listingFailures: listingRuns.reduce((sum, run) => sum + run.failures, 0),
      // Each pair's ratios, then their medians: how much slower, and how many fewer orders.
      payLatency: median(payWith.map((run, i) => run.meanMs / payWithout[i]!.meanMs)),
      payThroughput: median(payWith.map((run, i) => payWithout[i]!.perSecond / run.perSecond)),
      payRuns: payWith.map((run, i) => ({ with: run, without: payWithout[i]! })),
      deliveriesPerSecond: Math.round((sent.count - 1) / seconds),
      delivered: sent.count,
    };
  } finally {
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
    await server?.drop();
  }
}

export async function runIntegrationsBench(root: string): Promise<{ ok: boolean }> {
  console.log(
    `\nIntegrations (seed:volume: ${ORDERS.toLocaleString('en')} orders; the public API, webhooks)`,
  );
  const serverUrl = process.env.TEST_DATABASE_URL;
  const drivers = (
    serverUrl ? (['pglite', 'postgres'] as Driver[]) : (['pglite'] as Driver[])
  ).filter(
    (driver) => !process.env.BENCH_DRIVERS || process.env.BENCH_DRIVERS.split(',').includes(driver),
  );
  let ok = true;
  for (const driver of drivers) {
    const result = await measureDriver(root, driver, serverUrl);
    const share = result.listing / result.me;
    const refused = result.payRuns.reduce(
      (sum, pair) => sum + pair.with.refused + pair.without.refused,
      0,
    );
    const penalty = Math.max(result.payLatency, result.payThroughput);
    const runs = result.payRuns
      .map((pair) => `${pair.with.perSecond}/${pair.without.perSecond}`)
      .join(', ');
    const listingOk = share >= GOALS.listing && result.listingFailures === 0;
    const payOk = penalty <= GOALS.payPenalty && refused === 0;
    const deliveriesOk =
      result.delivered >= BACKLOG && result.deliveriesPerSecond >= GOALS.deliveriesPerSecond;
    ok &&= listingOk && payOk && deliveriesOk;
    console.log(
      [
        `  ${driver}:`,
        `    GET /api/v1/orders?limit=50 ${result.listing} req/s ÷ GET /api/me ${result.me} = ${share.toFixed(2)} (goal ≥ ${GOALS.listing}: ${listingOk ? 'OK' : 'MISSED'})`,
        `    POST /api/public/pay/:id with a webhook listening ÷ without: latency ×${result.payLatency.toFixed(2)}, orders/s ×${(1 / result.payThroughput).toFixed(2)} (orders/s with/without per pair: ${runs}) (goal: at most 10 % slower: ${payOk ? 'OK' : 'MISSED'})`,
        `    webhook deliveries by one instance: ${result.delivered.toLocaleString('en')} in all, ${result.deliveriesPerSecond}/s (goal ≥ ${GOALS.deliveriesPerSecond}/s: ${deliveriesOk ? 'OK' : 'MISSED'})`,
      ].join('\n'),
    );
  }
  return { ok };
}

// `tsx bench/integrations.ts` runs this part alone (after a build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const { ok } = await runIntegrationsBench(root);
  if (!ok) process.exitCode = 1;
}
