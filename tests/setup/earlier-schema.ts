import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { TMP_ROOT } from './databases';

/**
 * A database as an earlier version left it, to test that a migration keeps
 * what that version stored: migrated only through `tag`, filled by the test
 * with that version's rows, then migrated to now with `handle.migrate()`.
 */

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** A migrations folder holding the migrations through `tag` only, as that version shipped them. */
export function migrationsThrough(tag: string): string {
  const meta = path.join(MIGRATIONS_FOLDER, 'meta');
  const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.findIndex((entry) => entry.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  const folder = path.join(
    TMP_ROOT,
    'migrations-through',
    `${tag}-${randomBytes(4).toString('hex')}`,
  );
  mkdirSync(path.join(folder, 'meta'), { recursive: true });
  const entries = journal.entries.slice(0, last + 1);
  writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }, null, 2),
  );
  for (const entry of entries) {
    copyFileSync(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

export interface EarlierDatabase {
  handle: DatabaseHandle;
  /** Runs SQL as the earlier version would have (its own statements, its own schema). */
  run(query: SQL): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/**
 * A fresh database migrated through `tag`: embedded PGlite, or a new database
 * on the server of TEST_DATABASE_URL when it is set.
 */
export async function databaseThrough(tag: string): Promise<EarlierDatabase> {
  const folder = migrationsThrough(tag);
  const serverUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  const dataDir = path.join(TMP_ROOT, 'test-data', `earlier-${randomBytes(4).toString('hex')}`);
  if (serverUrl) {
    const name = `vendemas_earlier_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: TMP_ROOT });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    };
  } else {
    handle = await openDatabase({ dataDir });
  }
  await handle.migrate({ migrationsFolder: folder });
  return {
    handle,
    async run(query) {
      const result = (await handle.db.execute(query)) as { rows: Record<string, unknown>[] };
      return result.rows;
    },
    async close() {
      await handle.close();
      await dropDatabase();
      rmSync(folder, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
