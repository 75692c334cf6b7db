import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsForOrder } from '@shared/points';
import {
  createPayWorld,
  sellerTally,
  type PayWorld,
  placeTransferOrder,
  ledgerOf,
  historyOf,
  moveOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import type { TransitionResult, OrderWorkflow } from './order-workflow';
import { findOrder } from './orders.service';

/*
 * transitionOrder reads the order with SELECT … FOR UPDATE: a second change of
 * the same order waits for the first to commit and then sees its status. These
 * tests hold the first change open inside its transaction while the second
 * starts. PGlite is one connection and would serialise them: PostgreSQL only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

/** Holds the first status change of `orderId` inside its transaction until released. */
const paused = new Map<string, { entered: () => void; gate: Promise<void> }>();

/** The app's workflow, with a first step that holds a paused order's change open. */
function pausingWorkflow(base: OrderWorkflow): OrderWorkflow {
  return {
    ...base,
    ledger: async (change) => {
      const pause = paused.get(change.order.id);
      if (pause) {
        paused.delete(change.order.id);
        pause.entered();
        await pause.gate;
      }
      await base.ledger(change);
    },
  };
}

function pauseFirstChangeOf(orderId: string) {
  let entered!: () => void;
  let release!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const gate = new Promise<void>((resolve) => (release = resolve));
  paused.set(orderId, { entered, gate });
  return { inside, release };
}

describe.skipIf(!serverUrl)(
  'two changes of one order at once on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let world: PayWorld;
    let workflow: OrderWorkflow;

    beforeAll(async () => {
      t = await createTestApp({ PAY_RATE_LIMIT: '1000' });
      world = await createPayWorld(t);
      workflow = pausingWorkflow(t.app.orderWorkflow);
    });
    afterAll(() => t?.close());

    const placeOrder = () => placeTransferOrder(t, world);

    /** Starts `first`, waits until it is inside its transaction, starts `second`, then lets `first` commit. */
    async function overlap(
      orderId: string,
      first: () => Promise<TransitionResult>,
      second: () => Promise<TransitionResult>,
    ) {
      const pause = pauseFirstChangeOf(orderId);
      const a = first();
      await pause.inside;
      const b = second();
      // Long enough for the second to read the row (or to queue for its lock).
      await new Promise((resolve) => setTimeout(resolve, 400));
      pause.release();
      return Promise.allSettled([a, b]);
    }

    it('the company’s confirmation and a second approval: one approval, its points and ledger once', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const orderId = await placeOrder();
      const before = await sellerTally(t, world.seller.id);
      const [a, b] = await overlap(
        orderId,
        () =>
          moveOrder(t, orderId, 'approved', {
            workflow,
            changedBy: world.company.id,
            from: ['pending_transfer'],
          }),
        () => moveOrder(t, orderId, 'approved', { workflow }),
      );
      // The second waited for the first and found nothing left to do; it did not fail.
      expect(a).toMatchObject({ status: 'fulfilled', value: { kind: 'changed' } });
      expect(b).toMatchObject({ status: 'fulfilled', value: { kind: 'unchanged' } });

      const order = await findOrder(t.db, orderId);
      expect(order?.status).toBe('approved');
      const points = pointsForOrder(order!.sellerCents);
      expect(await sellerTally(t, world.seller.id)).toEqual({
        points: before.points + points,
        sales: before.sales + 1,
      });
      expect((await ledgerOf(t, orderId)).map((entry) => entry.kind)).toEqual([
        'accrual',
        'accrual',
      ]);
      expect(await historyOf(t, orderId)).toEqual(['pending_transfer', 'approved']);
    });

    it('an approval and a refund arriving together: the refund waits for the approval and undoes it', async () => {
      const orderId = await placeOrder();
      const before = await sellerTally(t, world.seller.id);
      const [a, b] = await overlap(
        orderId,
        () => moveOrder(t, orderId, 'approved', { workflow }),
        () => moveOrder(t, orderId, 'refunded', { workflow, from: ['approved'] }),
      );
      expect(a).toMatchObject({ status: 'fulfilled', value: { kind: 'changed' } });
      expect(b).toMatchObject({ status: 'fulfilled', value: { kind: 'changed' } });

      expect((await findOrder(t.db, orderId))?.status).toBe('refunded');
      expect(await sellerTally(t, world.seller.id)).toEqual(before);
      const ledger = await ledgerOf(t, orderId);
      expect(ledger.map((entry) => entry.kind).sort()).toEqual([
        'accrual',
        'accrual',
        'reversal',
        'reversal',
      ]);
      expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
      expect(await historyOf(t, orderId)).toEqual(['pending_transfer', 'approved', 'refunded']);
    });
  },
);
