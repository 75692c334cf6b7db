import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseThrough, type EarlierDatabase } from '../../../tests/setup/earlier-schema';

/**
 * Migrations keep what an earlier version stored: a database is migrated only
 * through the version before, filled as that version wrote its rows, then
 * migrated to now (tests/setup/earlier-schema.ts), on PGlite and on PostgreSQL.
 */
describe('0016 (payment-link limits) on a database the version before filled', () => {
  let earlier: EarlierDatabase;
  let before: Record<string, unknown>[];
  beforeAll(async () => {
    earlier = await databaseThrough('0015_notification_dedupe');
    before = await earlier.run(sql`
      select to_regclass('pay_challenge_uses') as challenges,
        (select count(*)::int from information_schema.columns
          where table_name = 'orders' and column_name = 'client_key') as client_key`);
    await earlier.run(sql`
      insert into users (id, name, email) values ('co-1', 'Yerbatera SA', 'yerba@example.com')`);
    await earlier.run(sql`
      insert into profiles (id, name, email, company, role)
      values ('co-1', 'Yerbatera SA', 'yerba@example.com', 'Yerbatera SA', 'company')`);
    await earlier.run(sql`
      insert into products (id, company_id, title, price_cents, stock, commission_bps)
      values ('p-1', 'co-1', 'Yerba 1 kg', 1000000, 19, 1000)`);
    await earlier.run(sql`
      insert into orders (id, product_id, product_title, company_id, quantity, unit_price_cents,
        commission_bps, total_cents, company_cents, seller_cents, platform_cents, provider, status,
        external_reference, buyer_name, buyer_email, buyer_token_hash, expires_at)
      values ('o-1', 'p-1', 'Yerba 1 kg', 'co-1', 1, 1100000, 1000, 1100000, 1000000, 75000, 25000,
        'transferencia', 'pending_transfer', 'VM-0000000001', 'Ana', 'ana@example.com', 'h',
        now() + interval '1 day')`);
    await earlier.handle.migrate();
  });
  afterAll(() => earlier.close());

  it('starts from the version before: nothing of 0016 is there yet', () => {
    expect(before).toEqual([{ challenges: null, client_key: 0 }]);
  });

  it('keeps every order placed before it, unpaid ones included, with no client recorded', async () => {
    const rows = await earlier.run(sql`
      select id, status, total_cents::int as total, client_key from orders`);
    expect(rows).toEqual([
      { id: 'o-1', status: 'pending_transfer', total: 1100000, client_key: null },
    ]);
    // An order with no client counts against nobody's cap; the partial index serves the caps.
    const indexes = await earlier.run(sql`
      select indexname from pg_indexes where tablename = 'orders' and indexname = 'orders_client_unpaid_idx'`);
    expect(indexes).toHaveLength(1);
  });

  it('is recorded as applied once: a second start changes nothing', async () => {
    await earlier.handle.migrate();
    const [count] = await earlier.run(sql`select count(*)::int as n from orders`);
    expect(count).toEqual({ n: 1 });
  });
});
