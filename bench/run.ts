import { runBusinessBench } from './business';
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
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
const bodyFile = path.join(root, '.tmp/bench-products.json');

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

  const app = await startProcess(
    process.execPath,
    [path.join(root, 'dist/server/server.js')],
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
      PLATFORM_BANK_CBU: '0110599520000001234569',
      PLATFORM_BANK_ALIAS: 'vendemas.bench',
      PLATFORM_BANK_CUIT: '30-71234567-1',
    },
    `${appUrl}/api/health`,
  );

  const results: LoadResult[] = [];
  const pages: { name: string; bytes: number; budget: number; files: string[] }[] = [];
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
    for (const page of PAGE_BUDGETS) {
      const { bytes, files } = await pageScriptGzipBytes(`${appUrl}${page.path}`);
      pages.push({ name: page.name, bytes, budget: page.budget, files });
    }
  } finally {
    await stopProcess(app);
    if (bare) await stopProcess(bare);
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

  console.log("\nJavaScript downloaded per page (bytes on the wire: the build's brotli copies)");
  let overBudget = false;
  for (const p of pages) {
    const ok = p.bytes <= p.budget;
    overBudget ||= !ok;
    console.log(
      `${p.name.padEnd(32)} ${kb(p.bytes).padStart(9)} of ${kb(p.budget)} budget (${((p.bytes / p.budget) * 100).toFixed(0)} %) ${ok ? 'OK' : 'OVER BUDGET'}  [${p.files.length} files]`,
    );
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bodyFile, { force: true });

  await runBusinessBench(root, baseline);
  if (overBudget) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
