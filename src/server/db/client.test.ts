import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../tests/setup/databases';
import { openDatabase, type DatabaseHandle } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'a PostgreSQL connection that the server ends (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let database: { url: string; drop: () => Promise<void> };
    let handle: DatabaseHandle;
    const lost: Error[] = [];

    beforeAll(async () => {
      database = await createPostgresDatabase(serverUrl!);
      handle = await openDatabase({
        databaseUrl: database.url,
        dataDir: '.tmp',
        onConnectionError: (error) => lost.push(error),
      });
    });
    afterAll(async () => {
      await handle.close();
      await database.drop();
    });

    it('is reported, not fatal, and the next query gets a new connection', async () => {
      await handle.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const name = new URL(database.url).pathname.slice(1);
        const ended = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [name],
        );
        expect(ended.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect.poll(() => lost.length).toBeGreaterThan(0);
      expect(lost[0]?.message).toMatch(/terminat/i);
      const result = (await handle.db.execute(sql`select 2 as two`)) as { rows: unknown[] };
      expect(result.rows[0]).toEqual({ two: 2 });
    });
  },
);
