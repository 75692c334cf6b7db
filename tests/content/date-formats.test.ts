import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One family of date formats (src/shared/time.ts: «05/03/2026»,
 * «05/03/2026 14:05», «marzo de 2026»), always in Argentine time. A page that
 * formats a date itself (toLocaleDateString, its own Intl.DateTimeFormat, a
 * day string turned around by hand) writes a fourth format, or the browser's
 * zone; this test finds them.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = new Set(['src/shared/time.ts']);
const FORMATTING = [
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /new Date\([^)]*\)\.toLocaleString\(/,
  /new Intl\.DateTimeFormat\(/,
  /\.split\('-'\)\.reverse\(\)/,
];

function sourcesUnder(place: string): string[] {
  return readdirSync(path.join(ROOT, place), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('date formats', () => {
  it('every date people read goes through the shared formatters', () => {
    const found: string[] = [];
    for (const file of ['src/web', 'src/server', 'src/shared'].flatMap(sourcesUnder)) {
      if (ALLOWED.has(file)) continue;
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (FORMATTING.some((pattern) => pattern.test(line))) {
            found.push(`${file}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });
});
