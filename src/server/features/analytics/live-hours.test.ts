import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argentineDay } from '@shared/time';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { hourOf } from '../orders/link-order-totals';
import { analyticsReport, ReportMemory } from './analytics.service';

/*
 * The platform's report reads only the hourly rows written since its last
 * reading. Transactions on a PostgreSQL server commit in any order, so a
 * write can become visible after a later one was read: this needs a server
 * (PGlite runs one transaction at a time).
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'the platform’s hour under way read by changes on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    /** A transaction held open, and a connection whose writes commit at once. */
    let held: pg.Client;
    let quick: pg.Client;

    beforeAll(async () => {
      t = await createTestApp();
      held = new pg.Client({ connectionString: t.config.databaseUrl });
      quick = new pg.Client({ connectionString: t.config.databaseUrl });
      await Promise.all([held.connect(), quick.connect()]);
    });
    afterAll(async () => {
      await held?.end();
      await quick?.end();
      await t?.close();
    });

    /** Adds clicks of the hour under way to a product's hourly row, as the click writer does. */
    const clicksAdded = (product: string, clicks: number) => {
      const now = new Date();
      return {
        text: `insert into link_click_hourly (hour, day, product_id, seller_key, channel, clicks, unique_visitors)
          values ($1, $2, $3, '', 'direct', $4, $4)
          on conflict (hour, day, product_id, seller_key, channel) do update
          set clicks = link_click_hourly.clicks + excluded.clicks,
            unique_visitors = link_click_hourly.unique_visitors + excluded.unique_visitors,
            revision = link_click_hourly.revision + 1, written_by = pg_current_xact_id()`,
        values: [hourOf(now).toISOString(), argentineDay(now), product, clicks],
      };
    };
    const committed = (product: string, clicks: number) =>
      quick.query(clicksAdded(product, clicks));

    it('counts a write that commits after a later write was read, and a row written again', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const memory = new ReportMemory();
      const clicks = async () =>
        (await analyticsReport(t.db, { kind: 'platform' }, {}, { memory })).clicks;
      const before = await clicks();

      // A transaction that began writing first commits last.
      await held.query('begin');
      await held.query(clicksAdded('producto-lento', 3));
      await committed('producto-rapido', 5);
      expect(await clicks()).toBe(before + 5);
      await held.query('commit');
      expect(await clicks()).toBe(before + 8);

      // The same row written again by a transaction that runs while another is read.
      await held.query('begin');
      await held.query(clicksAdded('producto-rapido', 2));
      await committed('producto-otro', 1);
      expect(await clicks()).toBe(before + 9);
      await held.query('commit');
      expect(await clicks()).toBe(before + 11);

      // A fresh instance's memory agrees.
      const fresh = await analyticsReport(
        t.db,
        { kind: 'platform' },
        {},
        { memory: new ReportMemory() },
      );
      expect(fresh.clicks).toBe(before + 11);
    });
  },
);

/*
 * Each PGlite database counts its own transaction ids (a server's databases
 * share one count): a fresh one stands in for a database restored from a dump
 * under a running instance.
 */
describe.skipIf(Boolean(serverUrl))(
  'the platform’s hour under way on a database whose transaction ids went back',
  () => {
    let older: TestApp | undefined;
    let fresh: TestApp | undefined;
    afterAll(async () => {
      await older?.close();
      await fresh?.close();
    });

    it('is read again whole, not from the floor of the other database', async () => {
      older = await createTestApp();
      for (let i = 0; i < 40; i += 1) await older.db.execute(sql`select pg_current_xact_id()`);
      const memory = new ReportMemory();
      await analyticsReport(older.db, { kind: 'platform' }, {}, { memory });

      fresh = await createTestApp();
      const now = new Date();
      await fresh.db.execute(sql`insert into link_click_hourly
      (hour, day, product_id, seller_key, channel, clicks, unique_visitors)
      values (${hourOf(now).toISOString()}::timestamptz, ${argentineDay(now)}::date,
        'producto-restaurado', '', 'direct', 4, 4)`);
      const report = await analyticsReport(fresh.db, { kind: 'platform' }, {}, { memory });
      expect(report.clicks).toBe(4);
    });
  },
);
