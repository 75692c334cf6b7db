import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { seedVolume } from '../src/server/db/seed/volume';
import {
  benchMailUrl,
  createBenchDatabase,
  measureLatency,
  startProcess,
  stopProcess,
  type LatencyResult,
} from './lib';

/**
 * The panels at scale (issue 11): the admin's and a company's dashboard and
 * first page of orders, at 10 concurrent connections, with 1,000 and with
 * 100,000 orders (`seed:volume`), on embedded PGlite and, when
 * TEST_DATABASE_URL names one, on the PostgreSQL server. Reports p95 and its
 * ratio between the two sizes against the targets: p95 ≤ 50 ms on
 * PostgreSQL, ≤ 100 ms on PGlite, and at 100,000 orders no more than 3× the
 * p95 at 1,000. `GET /api/me` (the cheapest signed-in request) is measured
 * in the same run as the baseline: at the largest size each panel's
 * requests/s is reported as a share of it (issue 18: the admin's dashboard and
 * first page of orders at least half of it), reported, not enforced.
 *
 * A shorter run for measuring a change: `BENCH_SIZES=100000` (comma-separated
 * order counts) and `BENCH_DRIVERS=pglite` or `postgres`. By default: both
 * sizes, and both drivers when TEST_DATABASE_URL is set.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
/** Made for each run: the bench's servers run in production, where no public password signs in. */
const PASSWORD = randomBytes(12).toString('base64url');
const PORT = Number(process.env.BENCH_PORT ?? 3304);
const APP_URL = `http://127.0.0.1:${PORT}`;
const SIZES = process.env.BENCH_SIZES
  ? process.env.BENCH_SIZES.split(',').map((size) => Number(size.trim()))
  : [1_000, 100_000];
const BASELINE = 'GET /api/me';
/** The share of the baseline's requests/s the admin's panels must reach (issue 18). */
const BASELINE_GOAL = 0.5;
const ENDPOINTS = [
  { name: BASELINE, path: '/api/me', as: 'admin' },
  { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', as: 'admin', goal: true },
  { name: 'GET /api/company/dashboard', path: '/api/company/dashboard', as: 'company' },
  {
    name: 'GET /api/admin/orders?page=1',
    path: '/api/admin/orders?page=1',
    as: 'admin',
    goal: true,
  },
  { name: 'GET /api/company/orders?page=1', path: '/api/company/orders?page=1', as: 'company' },
] as const;

type Driver = 'pglite' | 'postgres';

export interface DashboardRow {
  driver: Driver;
  endpoint: string;
  results: Map<number, LatencyResult>;
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

async function measureSize(
  root: string,
  driver: Driver,
  orders: number,
  serverUrl: string | undefined,
): Promise<Map<string, LatencyResult>> {
  const dataDir = path.join(root, `.tmp/bench-volume-${driver}`);
  rmSync(dataDir, { recursive: true, force: true });
  const server =
    driver === 'postgres' && serverUrl
      ? await createBenchDatabase(serverUrl, 'bench_volume')
      : null;
  const databaseUrl = server?.url;
  const dropDatabase = async () => server?.drop();
  try {
    const started = performance.now();
    const database = await openDatabase({ databaseUrl, dataDir });
    let accounts;
    try {
      await database.migrate();
      const seeded = await seedVolume(database.db, {
        orders,
        companies: 50,
        sellers: 2000,
        products: 5000,
        password: PASSWORD,
        tag: 'bench',
        // The panels' own figures, as measured before link analytics (bench/analytics.ts has clicks).
        clicksPerOrder: 0,
      });
      accounts = seeded.sampleAccounts;
    } finally {
      await database.close();
    }
    console.log(
      `  ${driver}: ${orders.toLocaleString('en')} orders seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const server = await startProcess(
      process.execPath,
      [path.join(root, 'dist/server/server.js')],
      {
        NODE_ENV: 'production',
        APP_SECRET: SECRET,
        SMTP_URL: await benchMailUrl(),
        PORT: String(PORT),
        HOST: '127.0.0.1',
        APP_URL,
        LOG_LEVEL: 'warn',
        SEED: 'false',
        // The bench's admin signs in with a password alone (production asks admins for a second factor).
        TWO_FACTOR_REQUIRED_ROLES: 'none',
        DATA_DIR: dataDir,
        WEB_DIR: path.join(root, 'dist/web'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      `${APP_URL}/api/health`,
    );
    const results = new Map<string, LatencyResult>();
    try {
      const cookies = {
        admin: await signIn(accounts.find((a) => a.role === 'admin')!.email),
        company: await signIn(accounts.find((a) => a.role === 'company')!.email),
      };
      for (const endpoint of ENDPOINTS) {
        results.set(
          endpoint.name,
          await measureLatency(endpoint.name, `${APP_URL}${endpoint.path}`, {
            connections: 10,
            seconds: 6,
            headers: { cookie: cookies[endpoint.as], 'accept-encoding': 'gzip' },
          }),
        );
      }
    } finally {
      await stopProcess(server);
    }
    return results;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
  }
}

export async function runDashboardBench(root: string): Promise<{ ok: boolean }> {
  console.log('\nPanels at scale (seed:volume: 50 companies, 2,000 sellers, 5,000 products)');
  const serverUrl = process.env.TEST_DATABASE_URL;
  const drivers = (
    serverUrl ? (['pglite', 'postgres'] as Driver[]) : (['pglite'] as Driver[])
  ).filter(
    (driver) => !process.env.BENCH_DRIVERS || process.env.BENCH_DRIVERS.split(',').includes(driver),
  );
  const rows: DashboardRow[] = [];
  for (const driver of drivers) {
    const bySize = new Map<number, Map<string, LatencyResult>>();
    for (const size of SIZES) bySize.set(size, await measureSize(root, driver, size, serverUrl));
    for (const endpoint of ENDPOINTS) {
      rows.push({
        driver,
        endpoint: endpoint.name,
        results: new Map(SIZES.map((size) => [size, bySize.get(size)!.get(endpoint.name)!])),
      });
    }
  }
  let ok = true;
  const small = SIZES[0]!;
  const large = SIZES[SIZES.length - 1]!;
  const label = (size: number) => (size >= 1000 ? `${size / 1000}k` : String(size));
  console.log(
    `\n${'endpoint (10 connections)'.padEnd(34)} ${'db'.padEnd(9)} ${`p95 ${label(small)}`.padStart(9)} ${`p95 ${label(large)}`.padStart(9)} ${'ratio'.padStart(6)} ${`rps ${label(large)}`.padStart(9)} ${'÷ /me'.padStart(6)}  target`,
  );
  for (const row of rows) {
    const first = row.results.get(small)!;
    const last = row.results.get(large)!;
    const baseline = rows
      .find((other) => other.driver === row.driver && other.endpoint === BASELINE)!
      .results.get(large)!;
    const limit = row.driver === 'postgres' ? 50 : 100;
    const ratio = last.p95Ms / first.p95Ms;
    const share = last.requestsPerSecond / baseline.requestsPerSecond;
    const failures = last.failures + (large === small ? 0 : first.failures);
    const pass = last.p95Ms <= limit && ratio <= 3 && failures === 0;
    const goal = ENDPOINTS.find((endpoint) => endpoint.name === row.endpoint)!;
    ok &&= pass;
    console.log(
      `${row.endpoint.padEnd(34)} ${row.driver.padEnd(9)} ${`${first.p95Ms} ms`.padStart(9)} ${`${last.p95Ms} ms`.padStart(9)} ${`${ratio.toFixed(2)}×`.padStart(6)} ${String(last.requestsPerSecond).padStart(9)} ${share.toFixed(2).padStart(6)}  ${pass ? 'OK' : 'MISSED'} (p95 ≤ ${limit} ms, ≤ 3×${failures ? `, ${failures} failed` : ''})${'goal' in goal ? `; ÷ /me ≥ ${BASELINE_GOAL}: ${share >= BASELINE_GOAL ? 'OK' : 'MISSED'}` : ''}`,
    );
  }
  return { ok };
}

// `tsx bench/dashboards.ts` runs this part alone (after a build).
if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '..');
  const { ok } = await runDashboardBench(root);
  if (!ok) process.exitCode = 1;
}
