import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { restrictTree } from '../lib/private-files';
import { PROJECT_ROOT } from '../lib/project-root';

/**
 * The same query API on both drivers: PGlite (embedded) and node-postgres.
 * Without drizzle's relational `db.query.<table>`: it would hand every table
 * to every feature, past the rule that a feature reads only its own tables
 * (eslint.config.js). Queries name the table they read, imported from its feature.
 */
type NoTables = Record<string, never>;
export type Database = PgDatabase<PgQueryResultHKT, NoTables, ExtractTablesWithRelations<NoTables>>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  NoTables,
  ExtractTablesWithRelations<NoTables>
>;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /**
   * Applies pending migrations; safe to call from several instances at once.
   * `migrationsFolder` is for tests that start from an earlier version's schema.
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  close(): Promise<void>;
}

/** The databases opened on PGlite (embedded): one session, no named statements in its driver. */
const embedded = new WeakSet<Database>();

/** Whether a database is PGlite's (embedded) rather than a PostgreSQL server's. */
export const isEmbedded = (db: Database): boolean => embedded.has(db);

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'src/server/db/migrations');

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pool size per process on a PostgreSQL server. */
  poolSize?: number;
  /**
   * Told when an idle pooled connection fails (the server restarted, failed over
   * or ended the session). The pool replaces the connection; without a listener
   * the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.onConnectionError)
    : openPglite(path.join(options.dataDir, 'pglite'));
}

async function openPglite(directory: string): Promise<DatabaseHandle> {
  // PGlite does not create parent folders, and its error for a missing one is obscure.
  mkdirSync(path.dirname(directory), { recursive: true, mode: 0o700 });
  const client = await PGlite.create(directory);
  const db = drizzlePglite({ client }) as unknown as Database;
  embedded.add(db);
  return {
    db,
    driver: 'pglite',
    async migrate({ migrationsFolder = MIGRATIONS_FOLDER } = {}) {
      await migratePglite(db as never, { migrationsFolder });
      // PGlite writes its files readable and writable by everyone: owner-only, once
      // started (the data folder is 0700 too, so files it makes later stay unreachable).
      restrictTree(directory);
    },
    close: () => client.close(),
  };
}

/** One advisory-lock key for migrations, so instances starting together take turns. */
const MIGRATION_LOCK_KEY = 4_242_001;

async function openPostgres(
  connectionString: string,
  max: number,
  onConnectionError: (error: Error) => void = (error) =>
    console.warn(`PostgreSQL connection lost: ${error.message}`),
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', onConnectionError);
  const db = drizzleNodePg({ client: pool }) as unknown as Database;
  return {
    db,
    driver: 'postgres',
    async migrate({ migrationsFolder = MIGRATIONS_FOLDER } = {}) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
