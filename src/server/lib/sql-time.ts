import { sql, type AnyColumn, type SQLWrapper } from 'drizzle-orm';
import { ARGENTINA_TIME_ZONE } from '@shared/time';

/**
 * Argentine days and months in SQL, from the one zone constant: the database
 * converts each moment with the zone's own rules. The zone is written into
 * the statement (not a parameter) so the same expression can be selected and
 * grouped by.
 */
const ZONE = sql.raw(`'${ARGENTINA_TIME_ZONE}'`);

/** 'YYYY-MM-DD': the Argentine day a timestamptz falls on. */
export function argentineDaySql(moment: AnyColumn | SQLWrapper) {
  return sql<string>`to_char(${moment} at time zone ${ZONE}, 'YYYY-MM-DD')`;
}

/** 'YYYY-MM': the Argentine month a timestamptz falls in. */
export function argentineMonthSql(moment: AnyColumn | SQLWrapper) {
  return sql<string>`to_char(${moment} at time zone ${ZONE}, 'YYYY-MM')`;
}
