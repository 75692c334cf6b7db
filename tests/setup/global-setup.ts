import { ensurePgliteTemplate, ensurePostgresTemplate } from './databases';

/**
 * Runs once per `vitest run`: builds the migrated templates that every test
 * file copies. Each test app deletes its own copy when it closes.
 */
export default async function globalSetup() {
  await ensurePgliteTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await ensurePostgresTemplate(serverUrl);
}
