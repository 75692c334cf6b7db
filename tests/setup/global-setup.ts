import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensurePgliteTemplate, ensurePostgresTemplate, TMP_ROOT } from './databases';

/** Runs once per `vitest run`: builds the migrated templates that every test file copies. */
export default async function globalSetup() {
  rmSync(path.join(TMP_ROOT, 'test-data'), { recursive: true, force: true });
  await ensurePgliteTemplate();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await ensurePostgresTemplate(serverUrl);
  return () => rmSync(path.join(TMP_ROOT, 'test-data'), { recursive: true, force: true });
}
