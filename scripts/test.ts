import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  playwrightResult,
  summaryLine,
  vitestResult,
  type PlaywrightReport,
  type StageResult,
  type VitestReport,
} from './lib/test-report';

/**
 * `npm test`: lint, typecheck, unit and API tests on PGlite (and again on the
 * PostgreSQL server named by TEST_DATABASE_URL), then the browser journeys.
 * Every stage runs; skipped tests are named with their reason; the last line
 * is "N passed, N failed, N skipped"; any failure exits 1.
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const lines: string[] = [];
const skippedNames: string[] = [];
const failedNames: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${label} ━━`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

function check(label: string, command: string, args: string[]) {
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  lines.push(`${ok ? '✓' : '✗'} ${label}`);
}

function record(label: string, result: StageResult) {
  passed += result.passed;
  failed += result.failed;
  skipped += result.skipped;
  skippedNames.push(...result.skippedNames.map((name) => `${label}: ${name}`));
  failedNames.push(...result.failedNames.map((name) => `${label}: ${name}`));
  lines.push(`${result.failed === 0 ? '✓' : '✗'} ${label}: ${summaryLine(result)}`);
}

function readReport<T>(file: string): T | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : undefined;
}

function vitest(label: string, file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const output = path.join(reports, file);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${output}`, ...args],
    env,
  );
  record(
    label,
    vitestResult(readReport<VitestReport>(output), ok, (name) => path.relative(root, name)),
  );
}

function playwright(label: string) {
  const output = path.join(reports, 'playwright.json');
  // playwright.config.ts builds the web app for its own server before the journeys.
  const ok = run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  record(label, playwrightResult(readReport<PlaywrightReport>(output), ok));
}

check('lint (eslint + prettier)', 'npm', ['run', '-s', 'lint']);
check('typecheck', 'npm', ['run', '-s', 'typecheck']);
// The first pass always runs on embedded PGlite, even when CI exports TEST_DATABASE_URL.
vitest('unit and API tests (PGlite)', 'vitest-pglite.json', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  // The malformed-input walk (tests/fuzz) checks request handling, which does not
  // depend on the database: it runs once, in the PGlite pass.
  vitest('API tests (PostgreSQL server)', 'vitest-postgres.json', ['--project', 'server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    TEST_SKIP_FUZZ: '1',
  });
}
playwright('browser journeys (Chromium)');

console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
if (skippedNames.length) {
  console.log('\nskipped:');
  for (const name of skippedNames) console.log(`  - ${name}`);
}
if (failedNames.length) {
  console.log('\nfailed:');
  for (const name of failedNames) console.log(`  - ${name}`);
}
console.log(summaryLine({ passed, failed, skipped }));
process.exit(failed === 0 ? 0 : 1);
