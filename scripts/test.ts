import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: lint, typecheck, unit and API tests on PGlite (and again on the
 * PostgreSQL server named by TEST_DATABASE_URL), then the browser journeys.
 * Every stage runs; the last line is "N passed, N failed"; any failure exits 1.
 */
const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const lines: string[] = [];

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

function vitest(label: string, file: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const output = path.join(reports, file);
  const ok = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${output}`, ...args],
    env,
  );
  const report = existsSync(output)
    ? (JSON.parse(readFileSync(output, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
      })
    : undefined;
  const p = report?.numPassedTests ?? 0;
  // A runner that crashed before reporting still counts as a failure.
  const f = report ? report.numFailedTests + (ok || report.numFailedTests > 0 ? 0 : 1) : 1;
  passed += p;
  failed += f;
  lines.push(`${f === 0 ? '✓' : '✗'} ${label}: ${p} passed, ${f} failed`);
}

function playwright(label: string) {
  const output = path.join(reports, 'playwright.json');
  // playwright.config.ts builds the web app for its own server before the journeys.
  const ok = run(label, 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  const stats = existsSync(output)
    ? (
        JSON.parse(readFileSync(output, 'utf8')) as {
          stats: { expected: number; unexpected: number; flaky: number };
        }
      ).stats
    : undefined;
  const p = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  const f = stats ? stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1) : 1;
  passed += p;
  failed += f;
  lines.push(`${f === 0 ? '✓' : '✗'} ${label}: ${p} passed, ${f} failed`);
}

check('lint (eslint + prettier)', 'npm', ['run', '-s', 'lint']);
check('typecheck', 'npm', ['run', '-s', 'typecheck']);
// The first pass always runs on embedded PGlite, even when CI exports TEST_DATABASE_URL.
vitest('unit and API tests (PGlite)', 'vitest-pglite.json', [], { TEST_DATABASE_URL: '' });
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL server)', 'vitest-postgres.json', ['--project', 'server'], {
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
  });
}
playwright('browser journeys (Chromium)');

console.log('\n━━ summary ━━');
for (const line of lines) console.log(line);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
