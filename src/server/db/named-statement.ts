import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { isEmbedded, type Database } from './client';

/** A query built with placeholders (`sql.placeholder`), as drizzle's select builder is. */
interface Preparable<Row> {
  toSQL(): { sql: string; params: unknown[] };
  prepare(name: string): { execute(values: Record<string, unknown>): Promise<Row[]> };
}

/** A statement prepared once per database, run with its placeholders' values. */
export interface NamedStatement<Row> {
  execute(values: Record<string, string>): Promise<Row[]>;
}

const NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** SQLSTATEs: no such prepared statement; a prepared statement of that name exists. */
const UNDEFINED_STATEMENT = '26000';
const DUPLICATE_STATEMENT = '42P05';

/** A string as an SQL literal (standard_conforming_strings: only quotes are doubled). */
function literal(value: unknown): string {
  if (typeof value !== 'string' || value.includes('\0')) {
    throw new TypeError('A named statement takes text values only');
  }
  return `'${value.replaceAll("'", "''")}'`;
}

const codeOf = (error: unknown): unknown => {
  for (let cause = error; cause && typeof cause === 'object';) {
    if ('code' in cause && typeof cause.code === 'string') return cause.code;
    cause = 'cause' in cause ? cause.cause : undefined;
  }
  return undefined;
};

/**
 * A statement parsed and planned once, not on every run. On a PostgreSQL
 * server this is drizzle's named prepared statement (planned once per pooled
 * connection). PGlite's driver has no named statements (each query is parsed
 * and planned anew: about 0.2 ms of a company's 0.8 ms analytics statement at
 * 1M clicks), so there the statement is prepared in SQL, once per database
 * (PREPARE, kept by its one session), and run with EXECUTE, its values written
 * as literals; a statement the session no longer has is prepared again.
 * Values are text (ids, days), typed by the statement where they are used.
 */
export function namedStatement<Row>(
  db: Database,
  name: string,
  query: Preparable<Row>,
): NamedStatement<Row> {
  if (!NAME.test(name)) throw new TypeError(`Invalid statement name: ${name}`);
  if (!isEmbedded(db)) return query.prepare(name) as NamedStatement<Row>;

  const { sql: text, params } = query.toSQL();
  const argument = (param: unknown, values: Record<string, string>) =>
    literal(param instanceof Placeholder ? values[param.name] : param);
  let prepared: Promise<unknown> | null = null;
  const prepare = () =>
    (prepared ??= db.execute(sql.raw(`prepare ${name} as ${text}`)).catch((error: unknown) => {
      prepared = null;
      // Another statement object of the same name (the same text) prepared it first.
      if (codeOf(error) !== DUPLICATE_STATEMENT) throw error;
    }));
  const run = async (values: Record<string, string>) => {
    const call = `execute ${name}(${params.map((param) => argument(param, values)).join(', ')})`;
    const { rows } = (await db.execute(sql.raw(call))) as unknown as { rows: Row[] };
    return rows;
  };
  return {
    async execute(values) {
      await prepare();
      try {
        return await run(values);
      } catch (error) {
        if (codeOf(error) !== UNDEFINED_STATEMENT) throw error;
        prepared = null;
        await prepare();
        return run(values);
      }
    },
  };
}

/**
 * A named statement per database, built (and prepared) on its first use:
 * for statements a module runs on whichever database it is handed.
 */
export function statementPerDatabase<Row>(
  name: string,
  build: (db: Database) => Preparable<Row>,
): (db: Database) => NamedStatement<Row> {
  const built = new WeakMap<Database, NamedStatement<Row>>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = namedStatement(db, name, build(db));
      built.set(db, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

/**
 * A statement written in SQL (one drizzle's builders cannot write, such as an
 * update leasing rows found with SKIP LOCKED in a CTE), with placeholders, as
 * `namedStatement` takes it. On a PostgreSQL server it is prepared by name on
 * each pooled connection by node-postgres; its values are text, typed by the
 * statement.
 */
export function sqlStatement<Row>(db: Database, query: SQL): Preparable<Row> {
  const toSQL = () => dialect.sqlToQuery(query);
  return {
    toSQL,
    prepare(name) {
      const { sql: text, params } = toSQL();
      const pool = (db as unknown as { $client: pg.Pool }).$client;
      return {
        async execute(values) {
          const { rows } = await pool.query<Row & pg.QueryResultRow>({
            name,
            text,
            values: params.map((param) =>
              param instanceof Placeholder ? values[param.name] : param,
            ),
          });
          return rows;
        },
      };
    },
  };
}
