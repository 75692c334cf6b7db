import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { EMBEDDED_VACUUM_INTERVAL_MS, startEmbeddedVacuum } from './embedded-vacuum';

describe('the embedded database’s summary tables are vacuumed, as autovacuum would on a server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const lastVacuums = async () => {
    const { rows } = (await t.db.execute(sql`
      select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables where relname in ('link_click_daily', 'link_order_daily')
      order by relname`)) as unknown as { rows: unknown[] };
    return rows;
  };

  it('vacuums and analyzes both funnel summaries every hour on PGlite, and leaves a server to its autovacuum', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const hooks: (() => Promise<void>)[] = [];
    const log = { info: vi.fn(), warn: vi.fn() };
    const app = (dbDriver: 'pglite' | 'postgres') =>
      ({
        db: t.db,
        dbDriver,
        log,
        addHook: (_name: string, hook: () => Promise<void>) => hooks.push(hook),
      }) as unknown as Parameters<typeof startEmbeddedVacuum>[0];

    startEmbeddedVacuum(app('postgres'));
    expect(hooks).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);

    startEmbeddedVacuum(app('pglite'));
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(EMBEDDED_VACUUM_INTERVAL_MS);
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1));
    expect(log.warn).not.toHaveBeenCalled();
    expect(await lastVacuums()).toEqual([
      { relname: 'link_click_daily', vacuumed: true, analyzed: true },
      { relname: 'link_order_daily', vacuumed: true, analyzed: true },
    ]);
    // Closing the app stops it.
    await Promise.all(hooks.map((hook) => hook()));
    expect(vi.getTimerCount()).toBe(0);
  });
});
