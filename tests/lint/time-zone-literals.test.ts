import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md §3: src/shared/time.ts is the one place that names the
 * Argentine zone; no zone name and no written-down UTC offset anywhere else
 * in src (code and its tests alike). Days and months go through its helpers,
 * or src/server/lib/sql-time.ts in SQL.
 */
const root = path.resolve(import.meta.dirname, '../..');
const ALLOWED = new Set(['src/shared/time.ts']);
const LITERALS = [/America\/Argentina\//, /-03:00/, /-0300\b/];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    // Applied migrations are history: they are never edited.
    if (relative === 'src/server/db/migrations') return [];
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx|js|mjs|cjs|sql)$/.test(entry.name) ? [relative] : [];
  });
}

describe('the Argentine time zone is named in one place', () => {
  it('has no zone name or -03:00 in src outside src/shared/time.ts', () => {
    const found = sourceFiles('src')
      .filter((file) => !ALLOWED.has(file))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            LITERALS.some((literal) => literal.test(line)) ? [`${file}:${index + 1}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });
});
