import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseThrough, type EarlierDatabase } from '../../../tests/setup/earlier-schema';

/** A company and its product, as every version since 0001 stores them. */
async function addCompanyWithProduct(earlier: EarlierDatabase): Promise<void> {
  await earlier.run(sql`
    insert into users (id, name, email) values ('co-1', 'Yerbatera SA', 'yerba@example.com')`);
  await earlier.run(sql`
    insert into profiles (id, name, email, company, role)
    values ('co-1', 'Yerbatera SA', 'yerba@example.com', 'Yerbatera SA', 'company')`);
  await earlier.run(sql`
    insert into products (id, company_id, title, price_cents, stock, commission_bps)
    values ('p-1', 'co-1', 'Yerba 1 kg', 1000000, 19, 1000)`);
}

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
    await addCompanyWithProduct(earlier);
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

describe('0017 (one order model) on a database the version before filled', () => {
  let earlier: EarlierDatabase;
  beforeAll(async () => {
    earlier = await databaseThrough('0016_payment_link_limits');
    await addCompanyWithProduct(earlier);
    // Two payment-link orders, one paid and one waiting for its transfer.
    await earlier.run(sql`
      insert into orders (id, product_id, product_title, company_id, quantity, unit_price_cents,
        commission_bps, total_cents, company_cents, seller_cents, platform_cents, provider, status,
        external_reference, buyer_name, buyer_email, buyer_token_hash, expires_at)
      values
        ('o-1', 'p-1', 'Yerba 1 kg', 'co-1', 2, 1100000, 1000, 2200000, 2000000, 150000, 50000,
          'transferencia', 'pending_transfer', 'VM-0000000001', 'Ana', 'ana@example.com', 'h1',
          now() + interval '1 day'),
        ('o-2', 'p-1', 'Yerba 1 kg', 'co-1', 1, 1100000, 1000, 1100000, 1000000, 75000, 25000,
          'stripe', 'approved', 'VM-0000000002', 'Beto', 'beto@example.com', 'h2', null)`);
    // Storefront orders as the storefront kept them: a cart still reserved (two lines),
    // one paid by card, one waiting for a transfer and one the buyer cancelled.
    await earlier.run(sql`
      insert into store_orders (id, token_hash, status, currency, total_cents, success_url,
        cancel_url, client_key, buyer_name, buyer_email, buyer_phone, shipping_address,
        payment_provider, payment_reference, reserved_until, paid_at, closed_at, created_at, updated_at)
      values
        ('00000000-0000-4000-8000-00000000000a', 'ta', 'reserved', 'eur', 5500, 'https://x/ok',
          'https://x/no', 'k1', null, null, null, null, null, null,
          now() + interval '10 minutes', null, null, now() - interval '5 minutes', now()),
        ('00000000-0000-4000-8000-00000000000b', 'tb', 'paid', 'eur', 3000, 'https://x/ok',
          'https://x/no', 'k2', 'Carla', 'carla@example.com', '+54 11 5555 0000',
          '{"city": "Rosario"}', 'stripe', 'cs_test_1', now() - interval '1 hour',
          now() - interval '2 hours', null, now() - interval '3 hours', now() - interval '2 hours'),
        ('00000000-0000-4000-8000-00000000000c', 'tc', 'pending_transfer', 'usd', 1200,
          'https://x/ok', 'https://x/no', 'k3', 'Dani', 'dani@example.com', null, null,
          'transfer', 'VM-0000000C', now() + interval '1 day', null, null,
          now() - interval '1 hour', now() - interval '1 hour'),
        ('00000000-0000-4000-8000-00000000000d', 'td', 'cancelled', 'eur', 900, 'https://x/ok',
          'https://x/no', null, null, null, null, null, null, null, now() - interval '1 day',
          null, now() - interval '1 day', now() - interval '2 days', now() - interval '1 day')`);
    await earlier.run(sql`
      insert into store_order_lines (id, order_id, product_id, variant_id, product_title,
        variant_title, image_url, unit_price_cents, quantity, reserves_stock)
      values
        ('l-a1', '00000000-0000-4000-8000-00000000000a', 'sp-lamp', 'lamp-oak', 'Lámpara', 'Roble', null, 2500, 1, true),
        ('l-a2', '00000000-0000-4000-8000-00000000000a', 'sp-mug', 'mug-default', 'Taza', 'Única', '/m.png', 1500, 2, false),
        ('l-b1', '00000000-0000-4000-8000-00000000000b', 'sp-mug', 'mug-default', 'Taza', 'Única', null, 1500, 2, false),
        ('l-c1', '00000000-0000-4000-8000-00000000000c', 'sp-lamp', 'lamp-oak', 'Lámpara', 'Roble', null, 1200, 1, true),
        ('l-d1', '00000000-0000-4000-8000-00000000000d', 'sp-lamp', 'lamp-oak', 'Lámpara', 'Roble', null, 900, 1, true)`);
    await earlier.handle.migrate();
  });
  afterAll(() => earlier.close());

  it('gives every payment-link order its one line, and changes nothing else of it', async () => {
    const rows = await earlier.run(sql`
      select o.id, o.channel, o.status, o.total_cents::int as total, l.product_id, l.title,
        l.unit_price_cents::int as unit, l.quantity, l.reserves_stock
      from orders o join order_lines l on l.order_id = o.id
      where o.channel = 'link' order by o.id`);
    expect(rows).toEqual([
      {
        id: 'o-1',
        channel: 'link',
        status: 'pending_transfer',
        total: 2200000,
        product_id: 'p-1',
        title: 'Yerba 1 kg',
        unit: 1100000,
        quantity: 2,
        reserves_stock: true,
      },
      {
        id: 'o-2',
        channel: 'link',
        status: 'approved',
        total: 1100000,
        product_id: 'p-1',
        title: 'Yerba 1 kg',
        unit: 1100000,
        quantity: 1,
        reserves_stock: true,
      },
    ]);
  });

  it('makes every storefront order an order of channel store with the same id, status and money', async () => {
    const rows = await earlier.run(sql`
      select id, channel, status, currency, total_cents::int as total,
        platform_cents::int as platform, company_cents::int as company, quantity, product_title,
        provider, external_reference, provider_payment_id, buyer_name, buyer_token_hash,
        company_id, seller_id, expires_at is not null as holds
      from orders where channel = 'store' order by id`);
    expect(rows).toEqual([
      expect.objectContaining({
        id: '00000000-0000-4000-8000-00000000000a',
        status: 'reserved',
        currency: 'eur',
        total: 5500,
        platform: 5500,
        company: 0,
        quantity: 3,
        product_title: 'Lámpara (Roble) y 1 más',
        provider: null,
        buyer_name: null,
        buyer_token_hash: 'ta',
        company_id: null,
        seller_id: null,
        holds: true,
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-00000000000b',
        status: 'approved',
        provider: 'stripe',
        provider_payment_id: 'cs_test_1',
        buyer_name: 'Carla',
        holds: false,
        product_title: 'Taza (Única)',
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-00000000000c',
        status: 'pending_transfer',
        currency: 'usd',
        provider: 'transferencia',
        external_reference: 'VM-0000000C',
        holds: true,
      }),
      expect.objectContaining({
        id: '00000000-0000-4000-8000-00000000000d',
        status: 'cancelled',
        provider: null,
        holds: false,
      }),
    ]);
    const lines = await earlier.run(sql`
      select id, order_id, store_variant_id, store_product_id, title, variant_title, image_url,
        unit_price_cents::int as unit, quantity, reserves_stock
      from order_lines where store_variant_id is not null order by id`);
    expect(lines).toHaveLength(5);
    expect(lines[1]).toEqual({
      id: 'l-a2',
      order_id: '00000000-0000-4000-8000-00000000000a',
      store_variant_id: 'mug-default',
      store_product_id: 'sp-mug',
      title: 'Taza',
      variant_title: 'Única',
      image_url: '/m.png',
      unit: 1500,
      quantity: 2,
      reserves_stock: false,
    });
  });

  it('keeps where each checkout returns and ships, and when each order got where it is', async () => {
    const checkouts = await earlier.run(sql`
      select order_id, success_url, cancel_url, shipping_address from store_checkouts order by order_id`);
    expect(checkouts).toHaveLength(4);
    expect(checkouts[1]).toMatchObject({
      success_url: 'https://x/ok',
      cancel_url: 'https://x/no',
      shipping_address: { city: 'Rosario' },
    });
    const history = await earlier.run(sql`
      select order_id, status from order_status_history
      where order_id like '00000000-%' order by order_id, created_at, id`);
    expect(history.map((row) => `${String(row.order_id).slice(-1)}:${String(row.status)}`)).toEqual(
      [
        'a:reserved',
        'b:reserved',
        'b:approved',
        'c:reserved',
        'c:pending_transfer',
        'd:reserved',
        'd:cancelled',
      ],
    );
    const gone = await earlier.run(sql`
      select to_regclass('store_orders') as orders, to_regclass('store_order_lines') as lines`);
    expect(gone).toEqual([{ orders: null, lines: null }]);
  });

  it('lets the CHECK refuse a payment-link order without its company', async () => {
    await expect(
      earlier.run(sql`update orders set company_id = null where id = 'o-1'`),
    ).rejects.toThrow();
  });
});

describe('0022 (link orders per day for the analytics funnel) on a database the version before filled', () => {
  let earlier: EarlierDatabase;
  beforeAll(async () => {
    earlier = await databaseThrough('0021_risk_center');
    await addCompanyWithProduct(earlier);
    await earlier.run(sql`
      insert into users (id, name, email) values ('se-1', 'Sergio', 'sergio@example.com')`);
    await earlier.run(sql`
      insert into profiles (id, name, email, role) values ('se-1', 'Sergio', 'sergio@example.com', 'seller')`);
    // The company's own link from WhatsApp late at night (still the 19th in Argentina), and
    // two through the seller's link with no click: one waiting, one delivered.
    await earlier.run(sql`
      insert into orders (id, product_id, product_title, company_id, seller_id, quantity,
        unit_price_cents, commission_bps, total_cents, company_cents, seller_cents, platform_cents,
        provider, status, external_reference, buyer_name, buyer_email, buyer_token_hash,
        expires_at, link_source, created_at)
      values
        ('o-1', 'p-1', 'Yerba 1 kg', 'co-1', null, 1, 1100000, 1000, 1100000, 1000000, 75000,
          25000, 'stripe', 'approved', 'VM-0000000001', 'Ana', 'ana@example.com', 'h1', null,
          'whatsapp', '2026-11-20T02:30:00Z'),
        ('o-2', 'p-1', 'Yerba 1 kg', 'co-1', 'se-1', 1, 1100000, 1000, 1100000, 1000000, 75000,
          25000, 'transferencia', 'pending_transfer', 'VM-0000000002', 'Beto', 'beto@example.com',
          'h2', now() + interval '1 day', null, '2026-11-20T12:00:00Z'),
        ('o-3', 'p-1', 'Yerba 1 kg', 'co-1', 'se-1', 2, 1100000, 1000, 2200000, 2000000, 150000,
          50000, 'transferencia', 'delivered', 'VM-0000000003', 'Carla', 'carla@example.com',
          'h3', null, null, '2026-11-20T13:00:00Z')`);
    await earlier.handle.migrate();
  });
  afterAll(() => earlier.close());

  it('sums the link orders already placed per day, product, seller and channel', async () => {
    const rows = await earlier.run(sql`
      select company_id, day::text, product_id, seller_key, channel, orders, approved_orders,
        seller_cents::int, commission_cents::int
      from link_order_daily order by day, seller_key`);
    expect(rows).toEqual([
      {
        company_id: 'co-1',
        day: '2026-11-19',
        product_id: 'p-1',
        seller_key: '',
        channel: 'whatsapp',
        orders: 1,
        approved_orders: 1,
        seller_cents: 75000,
        commission_cents: 100000,
      },
      {
        company_id: 'co-1',
        day: '2026-11-20',
        product_id: 'p-1',
        seller_key: 'se-1',
        channel: 'direct',
        orders: 2,
        approved_orders: 1,
        seller_cents: 150000,
        commission_cents: 200000,
      },
    ]);
  });
});
