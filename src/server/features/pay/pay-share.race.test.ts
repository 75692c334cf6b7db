import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUYER, createPayWorld } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';

/*
 * PGlite is one connection, so concurrent requests there are serialised and
 * prove nothing about locking: these races need a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'payment-link stock under rotation, raced on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        PAY_RATE_LIMIT: '10000',
        TRUST_PROXY: 'true',
        PAY_BUYER_MAILS_PER_HOUR: '1000',
        RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
        PAY_MAX_UNITS_PER_ORDER: '5',
        PAY_MAX_HELD_UNITS_PER_PRODUCT: '12',
        PAY_MAX_HELD_UNITS_PER_ADDRESS: '20',
        PAY_CHALLENGE_AFTER_UNITS: '1000',
      });
    });
    afterAll(() => t?.close());

    let buyers = 0;
    /** An order from `address` by a buyer of its own (one mailbox's e-mail quota would queue them). */
    const order = (productId: string, address: string, quantity: number) => {
      buyers += 1;
      return t.app.inject({
        method: 'POST',
        url: `/api/public/pay/${productId}`,
        headers: { origin: t.config.appUrl, 'x-forwarded-for': address },
        payload: {
          buyer: { ...BUYER, email: `comprador-${buyers}@example.com` },
          provider: 'transferencia',
          quantity,
        },
      });
    };
    /**
     * Runs `orders` while another connection keeps the product's row locked (as a
     * buyer's stock update does), until `waiting` statements wait on a lock: every
     * order has then read whatever it reads before taking units, and all go on at once.
     */
    async function withProductLocked<T>(
      productId: string,
      waiting: number,
      orders: () => Promise<T>,
    ): Promise<T> {
      const locker = new pg.Client({ connectionString: t.config.databaseUrl });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('select 1 from products where id = $1 for no key update', [productId]);
        const running = orders();
        for (let tries = 0; tries < 200; tries += 1) {
          // A transaction sees one snapshot of the activity unless it asks for a new one.
          await locker.query('select pg_stat_clear_snapshot()');
          const { rows } = await locker.query<{ count: number }>(
            `select count(*)::int as count from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if (rows[0]!.count >= waiting) break;
          await sleep(25);
        }
        await locker.query('commit');
        return await running;
      } finally {
        await locker.end();
      }
    }
    const statusCounts = (statuses: number[]) =>
      statuses.reduce<Record<number, number>>(
        (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
        {},
      );

    it('40 addresses racing for a 20-unit product: exactly half is held unpaid, the other 30 are asked for the proof (428)', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const world = await createPayWorld(t, { stock: 20 });
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          order(world.productId, `10.2.${index >> 4}.${(index & 15) + 1}`, 1),
        ),
      );
      expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
        201: 10,
        428: 30,
      });
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      expect({ stock: product!.stock, held: product!.heldUnits }).toEqual({ stock: 10, held: 10 });
      expect(await t.db.$count(orders, eq(orders.productId, world.productId))).toBe(10);
    });

    it('ten buyers held at the stock update together, five units from half: the update itself lets exactly five through', async () => {
      const world = await createPayWorld(t, { stock: 20 });
      for (let i = 1; i <= 5; i += 1) {
        expect((await order(world.productId, `10.3.0.${i}`, 1)).statusCode).toBe(201);
      }
      const responses = await withProductLocked(world.productId, 10, () =>
        Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            order(world.productId, `10.3.1.${index + 1}`, 1),
          ),
        ),
      );
      expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
        201: 5,
        428: 5,
      });
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      expect({ stock: product!.stock, held: product!.heldUnits }).toEqual({ stock: 10, held: 10 });
    });

    it('eight /64s of one /48 racing: three hold as clients of their own, the rest find the /48 one client (429)', async () => {
      const world = await createPayWorld(t, { stock: 1000 });
      // All eight at once past the caps' reads (if nothing queued them there), then on together.
      const responses = await withProductLocked(world.productId, 8, () =>
        Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            order(world.productId, `2001:db8:77:${index + 1}::1`, 5),
          ),
        ),
      );
      expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
        201: 3,
        429: 5,
      });
      expect(await t.db.$count(orders, eq(orders.productId, world.productId))).toBe(3);
    });
  },
);
