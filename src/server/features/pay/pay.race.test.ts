import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { FakeMercadoPago, FakeStripe } from '../../../../tests/fakes/payment-providers';
import {
  postStripeWebhook,
  startProviderApp,
  type ProviderApp,
} from '../../../../tests/factories/provider-app';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { signMercadoPagoWebhook } from '../payments/mercadopago';
import { clientKey } from '../../lib/client-key';
import { insertOrder, sellerTallyFromOrders } from '../orders/orders.service';
import { findProduct } from '../products/products.service';
import { orderDailyTotals, orders, orderStatusHistory, orderTotals } from '../orders/orders.table';
import { products } from '../products/products.table';
import { ledgerEntries } from '../settlements/ledger.table';
import { emailOutbox } from '../notifications/notifications.table';
import {
  buy,
  companyCall,
  createPayWorld,
  MP_WEBHOOK_SECRET,
  moveOrder,
  sellerTally,
} from '../../../../tests/factories/pay-world';

/*
 * PGlite is one connection, so concurrent requests there are serialised and
 * prove nothing about locking: these races need a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'payment-link races on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let mp: FakeMercadoPago;
    let stripe: FakeStripe;
    let close: ProviderApp['close'] | undefined;

    beforeAll(async () => ({ t, mp, stripe, close } = await startProviderApp()));
    afterAll(() => close?.());

    it('40 buyers racing for 5 units: exactly 5 orders, the rest 409, stock never below zero', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const world = await createPayWorld(t, { stock: 5 });
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          buy(
            t,
            world.productId,
            { provider: 'transferencia', ref: world.ref },
            `10.1.0.${index + 1}`,
          ),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(35);
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      expect(product!.stock).toBe(0);
      expect(await t.db.$count(orders, eq(orders.productId, world.productId))).toBe(5);
      // The company's totals are written with the stock: the 35 refused buyers left nothing there.
      const placed = await t.db
        .select({
          count: sql<number>`count(*)::int`,
          cents: sql<number>`sum(${orders.totalCents})::int`,
        })
        .from(orders)
        .where(eq(orders.companyId, world.company.id));
      for (const table of [orderTotals, orderDailyTotals]) {
        const [counted] = await t.db
          .select({
            orders: sql<number>`sum(${table.orders})::int`,
            cents: sql<number>`sum(${table.totalCents})::int`,
          })
          .from(table)
          .where(eq(table.companyId, world.company.id));
        expect(counted).toEqual({ orders: 5, cents: placed[0]!.cents });
      }
      expect(placed[0]!.count).toBe(5);
    });

    it('webhooks replayed concurrently with the company and the admin: points and sales always match the orders', async () => {
      const world = await createPayWorld(t, { stock: 50 });
      // Card and MercadoPago orders whose payments succeed...
      const mpOrders = await Promise.all(
        Array.from({ length: 3 }, () =>
          buy(t, world.productId, { provider: 'mercadopago', ref: world.ref }),
        ),
      );
      const cardOrders = await Promise.all(
        Array.from({ length: 3 }, () =>
          buy(t, world.productId, { provider: 'stripe', ref: world.ref }),
        ),
      );
      const transfers = await Promise.all(
        Array.from({ length: 3 }, () =>
          buy(t, world.productId, { provider: 'transferencia', ref: world.ref }),
        ),
      );

      const deliveries: Promise<{ statusCode: number }>[] = [];
      for (const response of mpOrders) {
        const preference = [...mp.preferences.values()].find(
          (p) => p.init_point === response.json().next.url,
        )!;
        const payment = mp.pay(preference.id);
        for (let i = 0; i < 5; i += 1) {
          const requestId = `race-${payment.id}-${i}`;
          const ts = String(Math.floor(Date.now() / 1000));
          deliveries.push(
            t.app.inject({
              method: 'POST',
              url: `/api/webhooks/mercadopago/${world.company.id}?data.id=${payment.id}&type=payment`,
              headers: {
                'content-type': 'application/json',
                'x-request-id': requestId,
                'x-signature': signMercadoPagoWebhook(MP_WEBHOOK_SECRET, {
                  dataId: String(payment.id),
                  requestId,
                  ts,
                }),
              },
              payload: JSON.stringify({ type: 'payment', data: { id: String(payment.id) } }),
            }),
          );
        }
      }
      for (const response of cardOrders) {
        const intent = [...stripe.intents.values()].find(
          (i) => i.metadata.order_id === response.json().order_id,
        )!;
        const { secretKey: _hidden, ...object } = stripe.succeed(intent.id);
        for (let i = 0; i < 5; i += 1) {
          const payload = JSON.stringify({
            id: `evt_race_${intent.id}_${i % 2}`,
            object: 'event',
            type: 'payment_intent.succeeded',
            data: { object },
          });
          deliveries.push(postStripeWebhook(t, world.company.id, payload));
          // The buyer returning to /success at the same moment.
          deliveries.push(
            t.app.inject({
              method: 'GET',
              url: `/api/public/orders/${response.json().order_id}?token=${response.json().token}&payment_intent=${intent.id}`,
            }),
          );
        }
      }
      for (const response of transfers) {
        for (let i = 0; i < 5; i += 1) {
          deliveries.push(
            companyCall(
              t,
              world.company,
              'POST',
              `/orders/${response.json().order_id}/confirm-transfer`,
            ),
          );
        }
      }
      // The admin flips some of the same orders at the same time.
      const flips = [...mpOrders, ...transfers].map((response, index) =>
        moveOrder(t, response.json().order_id, index % 2 ? 'delivered' : 'refunded', {
          changedBy: 'admin-test',
        }),
      );
      const results = await Promise.all([...deliveries, ...flips]);
      for (const result of results) {
        if ('statusCode' in result) expect(result.statusCode).toBeLessThan(500);
      }

      const tally = await sellerTally(t, world.seller.id);
      expect(tally).toEqual(await sellerTallyFromOrders(t.db, world.seller.id));
      const rows = await t.db.select().from(orders).where(eq(orders.productId, world.productId));
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      const held = rows
        .filter((row) => row.status !== 'expired' && row.status !== 'refunded')
        .reduce((sum, row) => sum + row.quantity, 0);
      expect(product!.stock).toBe(50 - held);
      for (const row of rows) {
        const history = await t.db
          .select()
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, row.id))
          .orderBy(orderStatusHistory.id);
        // The ledger owes exactly what the order's status awards.
        const [net] = await t.db
          .select({ value: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, row.id));
        const sold = row.status === 'approved' || row.status === 'delivered';
        expect(Number(net!.value)).toBe(sold ? row.sellerCents + row.platformCents : 0);
        // The last history row is the order's status; consecutive rows never repeat a status.
        expect(history.at(-1)!.status).toBe(row.status);
        for (let i = 1; i < history.length; i += 1) {
          expect(history[i]!.status).not.toBe(history[i - 1]!.status);
        }
      }
    });
  },
);

describe.skipIf(!serverUrl)(
  'payment-link limits under concurrency on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({
        PAY_RATE_LIMIT: '1000',
        PAY_MAX_UNITS_PER_ORDER: '5',
        PAY_MAX_HELD_UNITS_PER_PRODUCT: '12',
        PAY_CHALLENGE_AFTER_UNITS: '1000',
        PAY_BUYER_MAILS_PER_HOUR: '3',
      });
    });
    afterAll(() => t?.close());

    it('ten orders at once from one address: its cap holds (the lock queues them), other addresses are not held up', async () => {
      const world = await createPayWorld(t, { stock: 100 });
      const responses = await Promise.all([
        ...Array.from({ length: 10 }, () =>
          buy(t, world.productId, { provider: 'transferencia', quantity: 5 }, '198.51.100.99'),
        ),
        ...Array.from({ length: 5 }, (_, index) =>
          buy(
            t,
            world.productId,
            { provider: 'transferencia', quantity: 5 },
            `198.51.101.${index}`,
          ),
        ),
      ]);
      const mine = responses.slice(0, 10).map((response) => response.statusCode);
      expect(mine.filter((status) => status === 201)).toHaveLength(2);
      expect(mine.filter((status) => status === 429)).toHaveLength(8);
      expect(responses.slice(10).map((response) => response.statusCode)).toEqual([
        201, 201, 201, 201, 201,
      ]);
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      expect(product!.stock).toBe(100 - 10 - 25);
    });

    it("an order waits for the client's order being written on another connection, and counts it", async () => {
      // Another instance is writing an order of 8 units for this address and has not committed:
      // it holds the client's lock. This buyer's order of 5 must wait for it, and then count it
      // (8 + 5 is over the cap of 12). Without the lock it would count only itself and pass.
      const world = await createPayWorld(t, { stock: 100 });
      const address = '198.51.100.77';
      const product = await findProduct(t.db, world.productId);
      let written!: () => void;
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      const other = t.db.transaction(async (tx) => {
        await insertOrder(tx, {
          product: product!,
          sellerId: null,
          quantity: 8,
          provider: 'transferencia',
          status: 'pending_transfer',
          buyer: { name: 'Otra instancia', email: 'otra@example.com' },
          expiresAt: new Date(Date.now() + 3_600_000),
          clientKey: clientKey(address, t.config.appSecret),
        });
        written();
        await committing;
      });
      await isWritten;
      const ordered = buy(t, world.productId, { provider: 'transferencia', quantity: 5 }, address);
      // Long enough for the request to reach the lock; it cannot finish before the commit.
      await new Promise((resolve) => setTimeout(resolve, 500));
      commit();
      await other;
      const response = await ordered;
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json().error.code).toBe('RESERVATION_LIMIT');
    });

    it('ten orders at once to one mailbox: it gets exactly PAY_BUYER_MAILS_PER_HOUR e-mails, every order is placed', async () => {
      const world = await createPayWorld(t, { stock: 100 });
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          buy(
            t,
            world.productId,
            {
              provider: 'transferencia',
              buyer: { name: 'Víctima', email: `victima+${index}@example.com` },
            },
            `198.51.102.${index}`,
          ),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
      expect(responses.filter((response) => response.json().buyer_email_sent)).toHaveLength(3);
      const mails = await t.db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.kind, 'buyer_order_received'),
            like(emailOutbox.toEmail, 'victima+%@example.com'),
          ),
        );
      expect(mails).toHaveLength(3);
    });
  },
);

describe.skipIf(!serverUrl)(
  'a company repricing during orders on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(UNLIMITED_PAY_ENV);
    });
    afterAll(() => t?.close());

    it('50 commission changes during 200 concurrent orders: never a 5xx; an order is placed at one price or refused with PRICE_CHANGED', async () => {
      const world = await createPayWorld(t, { stock: 1000 });
      // One change after another for as long as the orders come in, as a company editing its product.
      const reprices = (async () => {
        const answers = [];
        for (let index = 0; index < 50; index += 1) {
          answers.push(
            await companyCall(t, world.company, 'PATCH', `/products/${world.productId}`, {
              commission_bps: 500 + index * 10,
            }),
          );
        }
        return answers;
      })();
      const placed = Array.from({ length: 200 }, (_, index) =>
        buy(
          t,
          world.productId,
          { provider: 'transferencia', ref: world.ref },
          `10.2.${Math.floor(index / 250)}.${(index % 250) + 1}`,
        ),
      );
      const [changes, orders_] = await Promise.all([reprices, Promise.all(placed)]);
      expect(changes.every((response) => response.statusCode === 200)).toBe(true);
      const statuses = orders_.map((response) => response.statusCode);
      expect(statuses.filter((status) => status >= 500)).toEqual([]);
      for (const response of orders_.filter((r) => r.statusCode !== 201)) {
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({
          code: 'PRICE_CHANGED',
          message: PAY_MESSAGES.priceChanged,
        });
      }
      // Every order written took its units, each at the price it states.
      const rows = await t.db.select().from(orders).where(eq(orders.productId, world.productId));
      expect(rows).toHaveLength(statuses.filter((status) => status === 201).length);
      const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
      expect(product!.stock).toBe(1000 - rows.length);
      for (const row of rows) {
        expect(row.totalCents).toBe(row.companyCents + row.sellerCents + row.platformCents);
      }
    });
  },
);
