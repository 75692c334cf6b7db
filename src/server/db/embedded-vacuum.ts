import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from './client';

/** How often the embedded database's summary tables are vacuumed. */
export const EMBEDDED_VACUUM_INTERVAL_MS = 60 * 60_000;

/**
 * The tables whose rows are added to in place on every click batch and order
 * change, and that the analytics panels read from their indexes alone: the
 * link funnel's daily summaries.
 */
const SUMMARY_TABLES = [
  'link_click_daily',
  'link_order_daily',
  'link_click_hourly',
  'link_order_hourly',
] as const;

/**
 * Vacuums and analyzes the summary tables. A PostgreSQL server's autovacuum
 * does this by itself; embedded PGlite has no autovacuum, so without it their
 * dead row versions pile up and a company's report, which reads a covering
 * index, would go back to the table for every row changed since the last
 * vacuum. Both tables are small next to the clicks, so this takes moments.
 */
export async function vacuumSummaries(db: Database): Promise<void> {
  for (const table of SUMMARY_TABLES) {
    await db.execute(sql`vacuum (analyze) ${sql.identifier(table)}`);
  }
}

/** On PGlite, vacuums the summary tables every hour while the app is up; never keeps the process alive. */
export function startEmbeddedVacuum(
  app: Pick<FastifyInstance, 'db' | 'dbDriver' | 'log' | 'addHook'>,
): void {
  if (app.dbDriver !== 'pglite') return;
  const vacuum = () => {
    const started = performance.now();
    vacuumSummaries(app.db).then(
      () =>
        app.log.info(
          { ms: Math.round(performance.now() - started) },
          'embedded database summary tables vacuumed',
        ),
      (error: unknown) => app.log.warn({ err: error }, 'embedded database vacuum failed'),
    );
  };
  const timer = setInterval(vacuum, EMBEDDED_VACUUM_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
