import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { isEmbedded } from './client';
import { namedStatement } from './named-statement';

describe('a named statement', () => {
  let t: TestApp;
  const versionsOn = (name: string) =>
    namedStatement(
      t.db,
      name,
      t.db
        .select({
          day: sql<string>`day::text`.as('day'),
          version: sql<number>`version::float8`.as('version'),
        })
        .from(sql`link_order_versions`)
        .where(sql`day between ${sql.placeholder('from')} and ${sql.placeholder('to')}`)
        .orderBy(sql`day`),
    );
  const prepared = async (name: string) => {
    const { rows } = (await t.db.execute(
      sql`select count(*)::int as n from pg_prepared_statements where name = ${name}`,
    )) as unknown as { rows: { n: number }[] };
    return rows[0]!.n;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.db.execute(
      sql`insert into link_order_versions (day, version) values ('2026-11-01', 3), ('2026-11-02', 5), ('2026-11-20', 1)`,
    );
  });
  afterAll(() => t?.close());

  it('answers as the query does, prepared once (in SQL on PGlite, whose driver has no named statements)', async () => {
    const statement = versionsOn('named_statement_test');
    expect(await statement.execute({ from: '2026-11-01', to: '2026-11-10' })).toEqual([
      { day: '2026-11-01', version: 3 },
      { day: '2026-11-02', version: 5 },
    ]);
    expect(await statement.execute({ from: '2026-11-02', to: '2026-11-30' })).toEqual([
      { day: '2026-11-02', version: 5 },
      { day: '2026-11-20', version: 1 },
    ]);
    // On a server, drizzle prepares it on each pooled connection it runs on.
    if (isEmbedded(t.db)) expect(await prepared('named_statement_test')).toBe(1);
  });

  it('takes values as data: a quote in a value finds nothing and injects nothing', async () => {
    const byText = namedStatement(
      t.db,
      'named_statement_quotes',
      t.db
        .select({ version: sql<number>`version::float8`.as('version') })
        .from(sql`link_order_versions`)
        .where(sql`day::text = ${sql.placeholder('day')}`),
    );
    expect(await byText.execute({ day: "2026-11-01' or '1'='1" })).toEqual([]);
    expect(
      await byText.execute({ day: "2026-11-01'; delete from link_order_versions; --" }),
    ).toEqual([]);
    expect(await byText.execute({ day: '2026-11-01' })).toEqual([{ version: 3 }]);
    const [{ n }] = (
      (await t.db.execute(sql`select count(*)::int as n from link_order_versions`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows as [{ n: number }];
    expect(n).toBe(3);
  });

  it('is prepared again when the session no longer has it, and shares its name with another of the same text', async () => {
    const statement = versionsOn('named_statement_again');
    expect(await statement.execute({ from: '2026-11-20', to: '2026-11-20' })).toHaveLength(1);
    if (isEmbedded(t.db)) {
      await t.db.execute(sql`deallocate all`);
      expect(await prepared('named_statement_again')).toBe(0);
    }
    expect(await statement.execute({ from: '2026-11-20', to: '2026-11-20' })).toHaveLength(1);
    const twin = versionsOn('named_statement_again');
    expect(await twin.execute({ from: '2026-11-01', to: '2026-11-30' })).toHaveLength(3);
  });
});
