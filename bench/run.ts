import { runAnalyticsBench } from './analytics';
import { runBusinessBench } from './business';
import { runDashboardBench } from './dashboards';
import { runIntegrationsBench } from './integrations';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lighthousePages, printLighthouse, type LighthousePage } from './lighthouse';
import {
  kb,
  measure,
  pageScriptTransferBytes,
  benchMailUrl,
  startProcess,
  stopProcess,
  type LoadResult,
} from './lib';
import { seedStoreBenchCatalogue, STORE_BENCH_PATH } from './store-products';

/**
 * `npm run bench`: builds the app, starts it on its own data folder, and in the
 * same run measures a bare Fastify route (the baseline) and the app's routes,
 * reporting each as a ratio of the baseline; then the JS each page transfers,
 * against its budget; then Lighthouse on `/`, `/store` and a product page of
 * the demo store. `npm run bench -- --pages` skips the throughput part.
 *
 * Only a page over its JS budget fails the run: Lighthouse scores move with
 * the machine's load, so they are reported, not enforced.
 */
const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const BARE_PORT = 3301;
const APP_PORT = 3302;
const DEMO_PORT = 3303;
const LIGHTHOUSE_RUNS = 3;
const pagesOnly = process.argv.includes('--pages');
const dataDir = path.join(root, '.tmp/bench-data');
const demoDataDir = path.join(root, '.tmp/bench-demo-data');
const webDir = path.join(root, 'dist/web');
const appUrl = `http://127.0.0.1:${APP_PORT}`;
const bodyFile = path.join(root, '.tmp/bench-products.json');

const SERVER_ENV = {
  NODE_ENV: 'production',
  APP_SECRET: 'bench-secret-bench-secret-bench-secret-000',
  HOST: '127.0.0.1',
  WEB_DIR: webDir,
  LOG_LEVEL: 'warn',
  SEED: 'true',
  // The bench store has no payment method; checkout is not measured.
  PLATFORM_BANK_NAME: 'Banco de la Bench',
  PLATFORM_BANK_HOLDER: 'VendeMás Bench',
  PLATFORM_BANK_CBU: '0110599520000001234569',
  PLATFORM_BANK_ALIAS: 'vendemas.bench',
  PLATFORM_BANK_CUIT: '30-71234567-1',
};

const PAGE_BUDGETS = [
  { name: 'landing page (/)', path: '/', budget: 100 * 1024 },
  { name: 'store (/store)', path: '/store', budget: 150 * 1024 },
];

async function main() {
  const build = spawnSync(tsx, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');

  const results: LoadResult[] = [];
  const pages: {
    name: string;
    bytes: number;
    budget: number;
    files: string[];
    encodings: string[];
  }[] = [];
  let seeded = { products: 0, variants: 0 };
  if (!pagesOnly) {
    rmSync(dataDir, { recursive: true, force: true });
    seeded = await seedStoreBenchCatalogue(dataDir);
    console.log(`Seeded ${seeded.products} storefront products (${seeded.variants} variants).`);
    await measureThroughput(results);
  }

  // The pages are measured on the demo store, as a visitor first sees it.
  rmSync(demoDataDir, { recursive: true, force: true });
  const demoUrl = `http://127.0.0.1:${DEMO_PORT}`;
  const demo = await startProcess(
    process.execPath,
    [path.join(root, 'dist/server/server.js')],
    {
      ...SERVER_ENV,
      SMTP_URL: await benchMailUrl(),
      PORT: String(DEMO_PORT),
      APP_URL: demoUrl,
      DATA_DIR: demoDataDir,
    },
    `${demoUrl}/api/health`,
  );
  let lighthouse: LighthousePage[] = [];
  try {
    for (const page of PAGE_BUDGETS) {
      const { bytes, files, encodings } = await pageScriptTransferBytes(`${demoUrl}${page.path}`);
      pages.push({ name: page.name, bytes, budget: page.budget, files, encodings });
    }
    const config = (await (await fetch(`${demoUrl}/api/public/config`)).json()) as {
      store_id: string;
    };
    const list = (await (
      await fetch(`${demoUrl}/api/store/${config.store_id}/products?limit=1`)
    ).json()) as { products: { id: string }[] };
    const productId = list.products[0]?.id;
    if (!productId) throw new Error('the demo store has no products');
    lighthouse = await lighthousePages(
      [
        { name: 'landing page (/)', url: `${demoUrl}/` },
        { name: 'store (/store)', url: `${demoUrl}/store` },
        { name: `product (/product/${productId})`, url: `${demoUrl}/product/${productId}` },
      ],
      LIGHTHOUSE_RUNS,
    );
  } finally {
    await stopProcess(demo);
    rmSync(demoDataDir, { recursive: true, force: true });
  }

  if (!pagesOnly) printThroughput(results, seeded);

  console.log(
    '\nJavaScript transferred per page (compressed bodies and headers, as Chromium fetches them)',
  );
  let overBudget = false;
  for (const p of pages) {
    const ok = p.bytes <= p.budget;
    overBudget ||= !ok;
    console.log(
      `${p.name.padEnd(32)} ${kb(p.bytes).padStart(9)} of ${kb(p.budget)} budget (${((p.bytes / p.budget) * 100).toFixed(0)} %) ${ok ? 'OK' : 'OVER BUDGET'}  [${p.files.length} files, ${p.encodings.join('/')}]`,
    );
  }
  printLighthouse(lighthouse);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bodyFile, { force: true });
  // Payment links and the seller catalogue, against the bare route of this same run.
  if (!pagesOnly && results[0]) {
    const business = await runBusinessBench(root, results[0]);
    overBudget ||= business.pages.some((page) => page.budget && page.bytes > page.budget);
  }
  // The panels at 1,000 and 100,000 orders (seed:volume), on PGlite and the PostgreSQL server.
  if (!pagesOnly && !(await runDashboardBench(root)).ok) process.exitCode = 1;
  // Link analytics at 10,000 and 1,000,000 clicks, and the pay page's recording of clicks.
  if (!pagesOnly && !(await runAnalyticsBench(root)).ok) process.exitCode = 1;
  // The public API's order listing, and webhook deliveries with and beside placed orders.
  if (!pagesOnly && !(await runIntegrationsBench(root)).ok) process.exitCode = 1;
  if (overBudget) process.exitCode = 1;
}

/** Autocannon against a bare Fastify route and the app on the 1,000-product catalogue. */
async function measureThroughput(results: LoadResult[]): Promise<void> {
  const app = await startProcess(
    process.execPath,
    [path.join(root, 'dist/server/server.js')],
    {
      ...SERVER_ENV,
      SMTP_URL: await benchMailUrl(),
      PORT: String(APP_PORT),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
    },
    `${appUrl}/api/health`,
  );
  let bare: Awaited<ReturnType<typeof startProcess>> | undefined;
  try {
    // The app's own answer, served again by the bare server as the "same bytes" baseline.
    const probe = await fetch(`${appUrl}${STORE_BENCH_PATH}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    if (!probe.ok) throw new Error(`${STORE_BENCH_PATH} answered ${probe.status}`);
    const productsBody = Buffer.from(await probe.arrayBuffer());
    writeFileSync(bodyFile, productsBody);
    bare = await startProcess(
      tsx,
      ['bench/bare-server.ts'],
      { PORT: String(BARE_PORT), BODY_FILE: bodyFile },
      `http://127.0.0.1:${BARE_PORT}/bare`,
    );

    results.push(
      await measure('bare Fastify route (baseline)', `http://127.0.0.1:${BARE_PORT}/bare`),
    );
    results.push(await measure('GET /api/health (database round trip)', `${appUrl}/api/health`));
    results.push(
      await measure('GET store products, as browsers ask (gzip)', `${appUrl}${STORE_BENCH_PATH}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      }),
    );
    results.push(
      await measure(
        `GET store products, uncompressed ${kb(productsBody.length)}`,
        `${appUrl}${STORE_BENCH_PATH}`,
      ),
    );
    results.push(
      await measure(
        `bare route sending the same ${kb(productsBody.length)}`,
        `http://127.0.0.1:${BARE_PORT}/bare-bytes`,
      ),
    );
  } finally {
    await stopProcess(app);
    if (bare) await stopProcess(bare);
  }
}

function printThroughput(results: LoadResult[], seeded: { products: number }): void {
  const baseline = results[0]!;
  console.log('\nThroughput (autocannon, 50 connections, 10 s after a 2 s warm-up, same run)');
  console.log(
    'route'.padEnd(52),
    'req/s'.padStart(8),
    'p99 ms'.padStart(7),
    'vs baseline'.padStart(12),
    'non-2xx'.padStart(8),
  );
  for (const r of results) {
    const ratio = `${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} %`;
    console.log(
      r.name.padEnd(52),
      String(r.requestsPerSecond).padStart(8),
      String(r.p99Ms).padStart(7),
      ratio.padStart(12),
      String(r.non2xx + r.errors).padStart(8),
    );
  }
  const [, , gzipped, plain, sized] = results as [
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
  ];
  const pct = (a: LoadResult, b: LoadResult) =>
    `${((a.requestsPerSecond / b.requestsPerSecond) * 100).toFixed(1)} %`;
  console.log(
    `\nStore products (${seeded.products} products): as browsers ask, ${pct(gzipped, baseline)} of the bare route ` +
      `(goal ≥ 30 %), p99 ${gzipped.p99Ms} ms (goal ≤ 50 ms). Uncompressed: ${pct(plain, baseline)} of the bare route, ` +
      `${pct(plain, sized)} of a bare route sending the same bytes (the client's cost of reading the answer bounds both).`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
