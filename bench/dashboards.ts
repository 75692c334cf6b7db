import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { seedVolume } from '../src/server/db/seed/volume';
import { benchMailUrl, measureLatency, startProcess, stopProcess, type LatencyResult } from './lib';

/**
 * The panels at scale (issue 11): the admin's and a company's dashboard and
 * first page of orders, at 10 concurrent connections, with 1,000 and with
 * 100,000 orders (`seed:volume`), on embedded PGlite and, when
 * TEST_DATABASE_URL names one, on the PostgreSQL server. Reports p95 and its
 * ratio between the two sizes against the targets: p95 ≤ 50 ms on
 * PostgreSQL, ≤ 100 ms on PGlite, and at 100,000 orders no more than 3× the
 * p95 at 1,000.
 */
const SECRET = 'bench-secret-bench-secret-bench-secret-000';
/** Made for each run: the bench's servers run in production, where no public password signs in. */
const PASSWORD = randomBytes(12).toString('base64url');
const PORT = 3304;
const APP_URL = `http://127.0.0.1:${PORT}`;
const SIZES = [1_000, 100_000];
const ENDPOINTS = [
  { name: 'GET /api/admin/dashboard', path: '/api/admin/dashboard', as: 'admin' },
  { name: 'GET /api/company/dashboard', path: '/api/company/dashboard', as: 'company' },
  { name: 'GET /api/admin/orders?page=1', path: '/api/admin/orders?page=1', as: 'admin' },
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
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (driver === 'postgres' && serverUrl) {
    const name = `bench_volume_${Date.now()}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
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
  const drivers: Driver[] = serverUrl ? ['pglite', 'postgres'] : ['pglite'];
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
  console.log(
    `\n${'endpoint (10 connections)'.padEnd(34)} ${'db'.padEnd(9)} ${'p95 1k'.padStart(9)} ${'p95 100k'.padStart(9)} ${'ratio'.padStart(6)} ${'rps 100k'.padStart(9)}  target`,
  );
  for (const row of rows) {
    const small = row.results.get(SIZES[0]!)!;
    const large = row.results.get(SIZES[1]!)!;
    const limit = row.driver === 'postgres' ? 50 : 100;
    const ratio = large.p95Ms / small.p95Ms;
    const pass = large.p95Ms <= limit && ratio <= 3 && large.failures === 0 && small.failures === 0;
    ok &&= pass;
    console.log(
      `${row.endpoint.padEnd(34)} ${row.driver.padEnd(9)} ${`${small.p95Ms} ms`.padStart(9)} ${`${large.p95Ms} ms`.padStart(9)} ${`${ratio.toFixed(2)}×`.padStart(6)} ${String(large.requestsPerSecond).padStart(9)}  ${pass ? 'OK' : 'MISSED'} (p95 ≤ ${limit} ms, ≤ 3×${large.failures + small.failures ? `, ${large.failures + small.failures} failed` : ''})`,
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
