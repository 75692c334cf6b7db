import { sql, type SQL } from 'drizzle-orm';
import { customType, integer, type PgColumn } from 'drizzle-orm/pg-core';

/** A transaction id of PostgreSQL (64 bits, never wraps), read and written as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
});

/**
 * Columns that let a reader fetch only the rows written since its last read
 * of a table whose rows are upserted in place: `written_by` is the
 * transaction that last wrote the row, `revision` counts its writes. A
 * reader keeps the oldest transaction still running when it read
 * (`pg_snapshot_xmin`, see `changedSince`) and next asks for the rows
 * written by that transaction or later: any transaction before it had
 * finished, so its writes were in that read. Transaction ids are taken at a
 * transaction's first write, not at its commit, so they do not order two
 * writes of one row; the revision does.
 */
export const rowChangeColumns = () => ({
  revision: integer('revision').notNull().default(1),
  writtenBy: xid8('written_by')
    .notNull()
    .default(sql`pg_current_xact_id()`),
});

/** The `on conflict do update` part that marks a row written again, for a table with these columns. */
export const rowChanged = (table: { revision: PgColumn }) => ({
  revision: sql`${table.revision} + 1`,
  writtenBy: sql`pg_current_xact_id()`,
});

/** The rows written by transaction `since` or later (a decimal xid8, '0' for every row). */
export const changedSince = (table: { writtenBy: PgColumn }, since: SQL | string): SQL =>
  sql`${table.writtenBy} >= ${since}::xid8`;

/** The oldest transaction still running for the statement's snapshot, as decimal text. */
export const snapshotFloor = (): SQL<string> =>
  sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`;
