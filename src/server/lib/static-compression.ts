import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from './content-encoding';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text formats worth compressing, with the Content-Type each is served with.
 * Images other than SVG, fonts (woff2 is already brotli) and PDFs are left alone.
 */
export const COMPRESSIBLE_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** Below this a compressed copy saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;

/** File name suffix of each precompressed sibling (`app.js` → `app.js.br`). */
export const CODING_SUFFIX: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };

export function compressibleType(filePath: string): string | undefined {
  return COMPRESSIBLE_TYPES[path.extname(filePath).toLowerCase()];
}

/**
 * The strongest settings, for bytes compressed once and sent many times:
 * brotli quality 11 (the maximum; ~100× slower than quality 4, which is why it
 * belongs in the build, not in a request) and gzip level 9.
 */
export async function compressMax(bytes: Buffer): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz] = await Promise.all([
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/** Every file under `dir` (relative paths with `/`), skipping dot files and folders such as `.vite`. */
export function listFiles(dir: string): string[] {
  const files: string[] = [];
  const visit = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) visit(child);
      else if (entry.isFile()) files.push(child);
    }
  };
  visit('');
  return files.sort();
}

export interface PrecompressReport {
  files: number;
  originalBytes: number;
  brBytes: number;
  gzipBytes: number;
}

/**
 * Build step: writes `.br` and `.gz` beside every compressible file of at
 * least MIN_COMPRESS_BYTES, keeping a sibling only when it is smaller.
 * `skip` names files served another way (index.html is rendered at start).
 */
export async function precompressDirectory(
  dir: string,
  skip: (relativePath: string) => boolean = () => false,
): Promise<PrecompressReport> {
  const report: PrecompressReport = { files: 0, originalBytes: 0, brBytes: 0, gzipBytes: 0 };
  const targets = listFiles(dir).filter(
    (file) =>
      compressibleType(file) !== undefined &&
      !skip(file) &&
      statSync(path.join(dir, file)).size >= MIN_COMPRESS_BYTES,
  );
  await Promise.all(
    targets.map(async (file) => {
      const original = readFileSync(path.join(dir, file));
      const compressed = await compressMax(original);
      report.files += 1;
      report.originalBytes += original.length;
      for (const coding of ['br', 'gzip'] as const) {
        const bytes = compressed[coding];
        const kept = bytes.length < original.length;
        if (kept) writeFileSync(path.join(dir, file + CODING_SUFFIX[coding]), bytes);
        report[coding === 'br' ? 'brBytes' : 'gzipBytes'] += kept ? bytes.length : original.length;
      }
    }),
  );
  return report;
}
