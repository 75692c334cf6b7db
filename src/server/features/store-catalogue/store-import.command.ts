import { readFile } from 'node:fs/promises';
import { StoreCatalogueFile } from '@shared/store/store-import.schema';
import type { Database } from '../../db/client';
import { importStoreCatalogue } from './store-import.service';

export type CatalogueFileCheck =
  | { ok: true; file: StoreCatalogueFile }
  | { ok: false; problems: { path: string; message: string }[] };

/** Reads and validates a catalogue file; every problem comes with its place in the file. */
export async function checkCatalogueFile(filePath: string): Promise<CatalogueFileCheck> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    return {
      ok: false,
      problems: [
        { path: '(file)', message: `cannot read ${filePath}: ${(error as Error).message}` },
      ],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '(file)', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = StoreCatalogueFile.safeParse(json);
  if (parsed.success) return { ok: true, file: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => ({
      path: formatPath(issue.path),
      message: issue.message,
    })),
  };
}

/** `products[2].variants[0].prices` */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** `npm run store:import -- file.json`: all or nothing, in one transaction. */
export async function importCatalogueFile(
  db: Database,
  filePath: string,
): Promise<
  | { ok: true; products: number; variants: number }
  | { ok: false; problems: { path: string; message: string }[] }
> {
  const check = await checkCatalogueFile(filePath);
  if (!check.ok) return check;
  const result = await importStoreCatalogue(db, check.file.products);
  return { ok: true, ...result };
}
