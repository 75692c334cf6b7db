import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Builds what `npm start` runs, each part only when its sources changed since
 * the last build (so a second start is quick); `--force` always builds.
 * - the web app, its payment pages' entry and the terms PDF into dist/web (`--out DIR` elsewhere), with a
 *   brotli (`.br`) and a gzip (`.gz`) copy of every text file the server sends
 *   (src/server/lib/static-compression.ts);
 * - the server, bundled with esbuild into dist/server/server.js (`--server-out DIR`
 *   elsewhere): our code in one ES module, packages imported from node_modules,
 *   so production runs plain `node` with no TypeScript loader.
 * The browser tests build both into one folder per port.
 */
const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

function argument(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return path.resolve(root, index > 0 ? (process.argv[index + 1] ?? fallback) : fallback);
}

function sourceHash(inputs: string[]): string {
  const hash = createHash('sha256');
  const visit = (target: string) => {
    if (!existsSync(target)) return;
    if (statSync(target).isDirectory()) {
      for (const name of readdirSync(target).sort()) {
        if (!/\.test\.tsx?$/.test(name)) visit(path.join(target, name));
      }
    } else {
      hash.update(path.relative(root, target)).update(readFileSync(target));
    }
  };
  for (const input of inputs) visit(path.join(root, input));
  return hash.digest('hex');
}

/** Runs `build` unless `output` exists and the inputs' hash matches the stamp beside it. */
async function buildIfChanged(
  name: string,
  inputs: string[],
  outDir: string,
  output: string,
  build: () => Promise<void>,
): Promise<void> {
  const stampFile = path.join(outDir, '.build-hash');
  const hash = sourceHash(inputs);
  const upToDate =
    existsSync(stampFile) &&
    existsSync(path.join(outDir, output)) &&
    readFileSync(stampFile, 'utf8') === hash;
  if (!force && upToDate) {
    console.log(`${name} build is up to date.`);
    return;
  }
  console.log(`Building the ${name.toLowerCase()}…`);
  await build();
  writeFileSync(stampFile, hash);
  console.log(`${name} build ready in ${path.relative(root, outDir)}.`);
}

const webDir = argument('--out', 'dist/web');
await buildIfChanged(
  'Web app',
  [
    'src/web',
    'src/shared',
    'content',
    'vite.config.ts',
    'package-lock.json',
    'scripts/generate-terms-pdf.ts',
    'src/server/lib/static-compression.ts',
  ],
  webDir,
  'index.html',
  async () => {
    // The main app, then the payment pages' entry (pay.html, built with
    // Preact: vite.config.ts) into the same folder.
    for (const mode of ['production', 'pay']) {
      execFileSync(
        process.execPath,
        [
          path.join(root, 'node_modules/vite/bin/vite.js'),
          'build',
          '--mode',
          mode,
          '--logLevel',
          'warn',
          '--outDir',
          webDir,
        ],
        {
          cwd: root,
          stdio: 'inherit',
          // Always the production bundle, whatever NODE_ENV the caller runs with
          // (the browser tests run the server with NODE_ENV=test).
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
    }
    const { generateTermsPdf } = await import('./generate-terms-pdf');
    await generateTermsPdf(
      path.join(root, 'content/terminos.md'),
      path.join(webDir, 'terminos.pdf'),
    );
    const { precompressDirectory } = await import('../src/server/lib/static-compression');
    // The pages are rendered with the runtime config at start and compressed then.
    const report = await precompressDirectory(
      webDir,
      (file) => file === 'index.html' || file === 'pay.html',
    );
    const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
    console.log(
      `Compressed ${report.files} files: ${kb(report.originalBytes)} → ${kb(report.brBytes)} brotli, ${kb(report.gzipBytes)} gzip.`,
    );
  },
);

const serverDir = argument('--server-out', 'dist/server');
await buildIfChanged(
  'Server',
  ['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.base.json', 'package-lock.json'],
  serverDir,
  'server.js',
  async () => {
    const { build } = await import('esbuild');
    await build({
      absWorkingDir: root,
      entryPoints: ['src/server/server.ts'],
      outfile: path.join(serverDir, 'server.js'),
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      tsconfig: 'tsconfig.json',
      sourcemap: true,
      logLevel: 'warning',
    });
  },
);
