import { sql, type Column, type SQL } from 'drizzle-orm';

type Columns = Record<string, Column>;
type Extras = Record<string, SQL<unknown>>;
type RowOf<T extends Columns, E extends Extras> = { [K in keyof T]: T[K]['_']['data'] } & {
  [K in keyof E]: E[K] extends SQL<infer V> ? V : never;
};

/**
 * Reads rows as one JSON value each (`json_build_object` of the columns, and
 * of `extras`, expressions such as a name looked up in another table) instead
 * of column by column. On embedded PGlite, decoding a row's columns one by one
 * is most of what a page of wide rows costs (50 orders: 2.6 ms, against 1.7 ms
 * as JSON), while one JSON text per row decodes at once. The answer has the
 * types of drizzle's own select of `columns`: timestamps come back as Dates,
 * numbers as numbers, nulls as nulls.
 */
export function jsonRow<T extends Columns, E extends Extras = Record<never, never>>(
  columns: T,
  extras: E = {} as E,
): { select: SQL<unknown>; read: (json: unknown) => RowOf<T, E> } {
  const entries: [string, Column | SQL<unknown>][] = [
    ...Object.entries(columns),
    ...Object.entries(extras),
  ];
  const dates = Object.entries(columns)
    .filter(([, column]) => column.dataType === 'date')
    .map(([key]) => key);
  const select = sql`json_build_object(${sql.join(
    entries.map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`),
    sql`, `,
  )})`;
  const read = (json: unknown) => {
    const row = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
    for (const key of dates) {
      const value = row[key];
      if (typeof value === 'string') row[key] = new Date(value);
    }
    return row as RowOf<T, E>;
  };
  return { select, read };
}
