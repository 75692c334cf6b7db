import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import {
  createWebhookFor,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../../tests/factories/webhook-receiver';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { drainWebhooks, type DeliveryDeps } from './webhook-delivery';
import { createWebhookSender, type WebhookSender } from './webhook-http';

/*
 * PGlite is one connection, so two workers there take turns and prove nothing
 * about leases: this needs a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'webhook deliveries from two instances on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let world: PayWorld;
    let second: DatabaseHandle;
    let receiver: WebhookReceiver;
    const senders: WebhookSender[] = [];
    /** When the receiver started and finished handling each delivery. */
    const handled = new Map<string, { started: number; answered: number }>();

    beforeAll(async () => {
      t = await createTestApp({ ...UNLIMITED_PAY_ENV, WEBHOOK_ALLOW_PRIVATE: 'true' });
      world = await createPayWorld(t, { stock: 500 });
      // The second instance has its own connections to the same database.
      second = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
      receiver = await startWebhookReceiver();
      // Answers take 0 to 25 ms, so sends overlap and finish out of order.
      receiver.answer = async (request, res) => {
        const started = performance.now();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 25));
        res.writeHead(200).end();
        handled.set(`${request.path}:${JSON.parse(request.body).id}`, {
          started,
          answered: performance.now(),
        });
      };
    });
    afterAll(async () => {
      for (const sender of senders) sender.close();
      await second?.close();
      await t?.close();
      await receiver?.close();
    });

    function instance(db: DeliveryDeps['db']): DeliveryDeps {
      const sender = createWebhookSender({ allowPrivate: true, timeoutMs: 10_000 });
      senders.push(sender);
      return {
        db,
        secretBox: t.app.secretBox,
        sender,
        log: t.app.log,
        onDisabled: async () => {},
      };
    }

    it('sends each delivery exactly once and each order’s events in the order they happened', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const events = ['order.created', 'order.status_changed'];
      await createWebhookFor(t, world.company, `${receiver.url}/a`, events);
      await createWebhookFor(t, world.company, `${receiver.url}/b`, events);
      const orders: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const orderId = await placeTransferOrder(t, world);
        await moveOrder(t, orderId, 'approved');
        await moveOrder(t, orderId, 'delivered');
        orders.push(orderId);
      }

      const workers = [instance(t.db), instance(t.db), instance(second.db), instance(second.db)];
      const drainAll = async (deps: DeliveryDeps) => {
        let sent = 0;
        for (;;) {
          const round = await drainWebhooks(deps, { batch: 7, rounds: 3 });
          sent += round.delivered;
          if (round.delivered + round.retried + round.failed === 0) return sent;
        }
      };
      const sent = await Promise.all(workers.map(drainAll));
      // What the workers sent adds up to the whole, once.
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(40 * 3 * 2);

      const received = receiver.requests.map((request) => ({
        path: request.path,
        ...(JSON.parse(request.body) as {
          id: string;
          type: string;
          data: { object: { id: string; status: string } };
        }),
      }));
      const keys = received.map((event) => `${event.path}:${event.id}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys).toHaveLength(240);
      for (const path of ['/a', '/b']) {
        for (const orderId of orders) {
          const ofOrder = received.filter(
            (event) => event.path === path && event.data.object.id === orderId,
          );
          expect(
            ofOrder.map((event) => `${event.type}:${event.data.object.status}`),
            `${path} ${orderId}`,
          ).toEqual([
            'order.created:pending_transfer',
            'order.status_changed:approved',
            'order.status_changed:delivered',
          ]);
          // Each event of the order reached the receiver only after it had answered the one before.
          const times = ofOrder.map((event) => handled.get(`${path}:${event.id}`)!);
          for (let i = 1; i < times.length; i += 1) {
            expect(times[i]!.started).toBeGreaterThanOrEqual(times[i - 1]!.answered);
          }
        }
      }
    });
  },
);
