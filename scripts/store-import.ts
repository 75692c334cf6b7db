import { loadConfig } from '../src/server/config/env';
import { openDatabase } from '../src/server/db/client';
import { keepNewFilesPrivate, makeDataDirPrivate } from '../src/server/lib/private-files';
import {
  checkCatalogueFile,
  importCatalogueFile,
} from '../src/server/features/store-catalogue/store-import.command';

/**
 * Loads a storefront catalogue from a JSON file in the API's product shape:
 *   npm run store:import -- catalogue.json
 * A bad file is reported problem by problem (path + message) and nothing is
 * written; a good one is written in one transaction (products with the same id
 * are replaced). Uses the same database settings as the server (DATA_DIR / DATABASE_URL).
 */
async function main() {
  const filePath = process.argv[2];
  if (!filePath || process.argv.length > 3) {
    console.error('Usage: npm run store:import -- <catalogue.json>');
    process.exit(2);
  }
  // Validate before touching the database, so a bad file never opens it.
  const check = await checkCatalogueFile(filePath);
  if (!check.ok) return fail(filePath, check.problems);

  keepNewFilesPrivate();
  const config = loadConfig();
  makeDataDirPrivate(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const result = await importCatalogueFile(database.db, filePath);
    if (!result.ok) return fail(filePath, result.problems);
    console.log(
      `Imported ${result.products} products (${result.variants} variants) from ${filePath}.`,
    );
  } finally {
    await database.close();
  }
}

function fail(filePath: string, problems: { path: string; message: string }[]) {
  console.error(`${filePath}: ${problems.length} problem(s), nothing was imported:`);
  for (const problem of problems) console.error(`  - ${problem.path}: ${problem.message}`);
  process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error('The import failed, nothing was written:', error);
  process.exit(1);
});
