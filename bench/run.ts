import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import {
  kb,
  measure,
  pageScriptGzipBytes,
  startProcess,
  stopProcess,
  type LoadResult,
} from './lib';
import { seedStoreBenchCatalogue, STORE_BENCH_PATH } from './store-products';

/**
 * `npm run bench`: builds the app, starts it on its own data folder, and in the
 * same run measures a bare Fastify route (the baseline) and the app's routes,
 * reporting each as a ratio of the baseline; then the JS each page downloads,
 * against its gzip budget.
 */
const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const BARE_PORT = 3301;
const APP_PORT = 3302;
const dataDir = path.join(root, '.tmp/bench-data');
const webDir = path.join(root, 'dist/web');
const appUrl = `http://127.0.0.1:${APP_PORT}`;

const PAGE_BUDGETS = [
  { name: 'landing page (/)', path: '/', budget: 100 * 1024 },
  { name: 'store (/store)', path: '/store', budget: 150 * 1024 },
];

async function main() {
  const build = spawnSync(tsx, ['scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('web build failed');

  rmSync(dataDir, { recursive: true, force: true });
  const seeded = await seedStoreBenchCatalogue(dataDir);
  console.log(`Seeded ${seeded.products} storefront products (${seeded.variants} variants).`);

  const bare = await startProcess(
    tsx,
    ['bench/bare-server.ts'],
    { PORT: String(BARE_PORT) },
    `http://127.0.0.1:${BARE_PORT}/bare`,
  );
  const app = await startProcess(
    tsx,
    ['src/server/server.ts'],
    {
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-000',
      PORT: String(APP_PORT),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      WEB_DIR: webDir,
      LOG_LEVEL: 'warn',
      SEED: 'true',
      // The bench store has no payment method; checkout is not measured.
      PLATFORM_BANK_NAME: 'Banco de la Bench',
      PLATFORM_BANK_HOLDER: 'VendeMás Bench',
      PLATFORM_BANK_CBU: '0000003100010000000001',
      PLATFORM_BANK_ALIAS: 'vendemas.bench',
      PLATFORM_BANK_CUIT: '30-71234567-8',
    },
    `${appUrl}/api/health`,
  );

  const results: LoadResult[] = [];
  const pages: { name: string; bytes: number; budget: number; files: string[] }[] = [];
  let productsBytes = 0;
  try {
    const probe = await fetch(`${appUrl}${STORE_BENCH_PATH}`);
    const body = await probe.arrayBuffer();
    if (!probe.ok) throw new Error(`${STORE_BENCH_PATH} answered ${probe.status}`);
    productsBytes = body.byteLength;

    results.push(
      await measure('bare Fastify route (baseline)', `http://127.0.0.1:${BARE_PORT}/bare`),
    );
    results.push(await measure('GET /api/health (database round trip)', `${appUrl}/api/health`));
    results.push(
      await measure(
        `GET store products (${seeded.products} in store, limit 20)`,
        `${appUrl}${STORE_BENCH_PATH}`,
      ),
    );
    results.push(
      await measure(
        `bare route sending the same ${kb(productsBytes)}`,
        `http://127.0.0.1:${BARE_PORT}/bare-bytes?bytes=${productsBytes}`,
      ),
    );
    for (const page of PAGE_BUDGETS) {
      const { bytes, files } = await pageScriptGzipBytes(`${appUrl}${page.path}`);
      pages.push({ name: page.name, bytes, budget: page.budget, files });
    }
  } finally {
    await stopProcess(app);
    await stopProcess(bare);
  }

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
  const products = results[2]!;
  const sized = results[3]!;
  console.log(
    `\nStore products: ${((products.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} % of the bare route ` +
      `(goal ≥ 30 %), p99 ${products.p99Ms} ms (goal ≤ 50 ms); ` +
      `${((products.requestsPerSecond / sized.requestsPerSecond) * 100).toFixed(1)} % of a bare route sending the same bytes.`,
  );

  console.log('\nJavaScript downloaded per page (gzip -9)');
  let overBudget = false;
  for (const p of pages) {
    const ok = p.bytes <= p.budget;
    overBudget ||= !ok;
    console.log(
      `${p.name.padEnd(32)} ${kb(p.bytes).padStart(9)} of ${kb(p.budget)} budget (${((p.bytes / p.budget) * 100).toFixed(0)} %) ${ok ? 'OK' : 'OVER BUDGET'}  [${p.files.length} files]`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  if (overBudget) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
