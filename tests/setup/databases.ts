import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase } from '../../src/server/db/client';

/**
 * Test databases. A migrated template is made once per run (keyed by the
 * migrations' hash) and copied for every test file: a PGlite folder by default,
 * or `CREATE DATABASE … TEMPLATE …` on the server named by TEST_DATABASE_URL.
 */

export const TMP_ROOT = path.resolve(import.meta.dirname, '../../.tmp');

export function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 12);
}

export function pgliteTemplateDir(): string {
  return path.join(TMP_ROOT, `pglite-template-${migrationsHash()}`);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const target = pgliteTemplateDir();
  if (existsSync(path.join(target, 'pglite'))) return target;
  const building = `${target}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const handle = await openDatabase({ dataDir: building });
  await handle.migrate();
  await handle.close();
  // Another run may have finished the same template meanwhile; keep the first.
  if (existsSync(path.join(target, 'pglite'))) rmSync(building, { recursive: true, force: true });
  else renameSync(building, target);
  return target;
}

/** A fresh data folder holding a copy of the migrated template. */
export function copyPgliteTemplate(): string {
  const dataDir = path.join(
    TMP_ROOT,
    'test-data',
    `${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  mkdirSync(dataDir, { recursive: true });
  cpSync(path.join(pgliteTemplateDir(), 'pglite'), path.join(dataDir, 'pglite'), {
    recursive: true,
  });
  return dataDir;
}

export function postgresTemplateName(): string {
  return `vendemas_tpl_${migrationsHash()}`;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function ensurePostgresTemplate(serverUrl: string): Promise<void> {
  const template = postgresTemplateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount) return;
    const building = `${template}_build_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const handle = await openDatabase({
      databaseUrl: withDatabase(serverUrl, building),
      dataDir: TMP_ROOT,
    });
    await handle.migrate();
    await handle.close();
    try {
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    } catch (error) {
      // Another run created the same template meanwhile; keep theirs.
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      const raced = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (!raced.rowCount) throw error;
    }
  } finally {
    await admin.end();
  }
}

/** Creates a database for one test file from the template; returns its URL and a dropper. */
export async function createPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vendemas_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${postgresTemplateName()}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        // The app's pool may still be closing its last connections: wait for them
        // rather than terminating them (which would reach the app as an error).
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            break;
          } catch (error) {
            if (attempt >= 20) {
              await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
              break;
            }
            if ((error as { code?: string }).code !== '55006') throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}
