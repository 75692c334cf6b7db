import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Builds the web app and the terms PDF into dist/web, unless the sources are
 * unchanged since the last build (so a second `npm start` starts at once).
 * `--force` always builds.
 */
const root = path.resolve(import.meta.dirname, '..');
// `--out DIR` builds elsewhere (the browser tests use one folder per port).
const outArg = process.argv.indexOf('--out');
const outDir = path.resolve(
  root,
  outArg > 0 ? (process.argv[outArg + 1] ?? 'dist/web') : 'dist/web',
);
const stampFile = path.join(outDir, '.build-hash');
const inputs = [
  'src/web',
  'src/shared',
  'content',
  'vite.config.ts',
  'package-lock.json',
  'scripts/generate-terms-pdf.ts',
];

function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    if (statSync(target).isDirectory()) {
      for (const name of readdirSync(target).sort()) {
        if (!name.endsWith('.test.ts') && !name.endsWith('.test.tsx'))
          visit(path.join(target, name));
      }
    } else {
      hash.update(path.relative(root, target)).update(readFileSync(target));
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return hash.digest('hex');
}

const force = process.argv.includes('--force');
const hash = sourceHash();
const upToDate =
  existsSync(stampFile) &&
  existsSync(path.join(outDir, 'index.html')) &&
  readFileSync(stampFile, 'utf8') === hash;
if (!force && upToDate) {
  console.log('Web build is up to date.');
} else {
  console.log('Building the web app…');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      // Always the production bundle, whatever NODE_ENV the caller runs with
      // (the browser tests run the server with NODE_ENV=test).
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  const { generateTermsPdf } = await import('./generate-terms-pdf');
  await generateTermsPdf(path.join(root, 'content/terminos.md'), path.join(outDir, 'terminos.pdf'));
  writeFileSync(stampFile, hash);
  console.log(`Web build ready in ${path.relative(root, outDir)}.`);
}
