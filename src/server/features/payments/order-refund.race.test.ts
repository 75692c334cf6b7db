import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { gatewayPaidOrder } from '../../../../tests/factories/gateway-paid-order';
import {
  createPayWorld,
  historyOf,
  ledgerOf,
  sellerTally,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { startProviderApp, type ProviderApp } from '../../../../tests/factories/provider-app';
import type { FakeStripe } from '../../../../tests/fakes/payment-providers';
import type { TestApp } from '../../../../tests/setup/test-app';
import type { OrderWorkflow } from '../orders/order-workflow';
import { findOrder } from '../orders/orders.service';
import { findProduct } from '../products/products.service';
import { refundOrder } from './order-refund.service';

/*
 * Two admins mark one gateway-paid order Reintegrado at once. The first
 * refund is held inside its transaction (after the status is written, before
 * the ledger) while the second reads the order, asks the gateway and reaches
 * the same row: PGlite is one connection and would serialise them, so this
 * runs on PostgreSQL only.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'two refunds of one order at once on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  () => {
    let t: TestApp;
    let stripe: FakeStripe;
    let close: ProviderApp['close'] | undefined;
    let admin: CreatedUser;
    let world: PayWorld;

    beforeAll(async () => {
      ({ t, stripe, close } = await startProviderApp());
      admin = await createUser(t.app, { role: 'admin' });
      world = await createPayWorld(t);
    });
    afterAll(() => close?.());

    it('the gateway refunds once and the units, points and ledger come back once', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const tally = await sellerTally(t, world.seller.id);
      const units = (await findProduct(t.db, world.productId))!.stock;
      const { orderId, paymentId } = await gatewayPaidOrder(t, world, { stripe });

      let entered!: () => void;
      let release!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      const base = t.app.orderWorkflow;
      const workflow: OrderWorkflow = {
        ...base,
        ledger: async (change) => {
          if (!held) {
            held = true;
            entered();
            await gate;
          }
          await base.ledger(change);
        },
      };
      const deps = {
        db: t.db,
        orderWorkflow: workflow,
        secretBox: t.app.secretBox,
        pay: t.config.pay,
        log: t.app.log,
      };
      const actor = { id: admin.id, name: 'Alicia Admin' };

      const first = refundOrder(deps, { kind: 'platform' }, orderId, actor);
      await inside;
      const second = refundOrder(deps, { kind: 'platform' }, orderId, actor);
      // Long enough for the second to read the order, ask Stripe and reach the row.
      await new Promise((resolve) => setTimeout(resolve, 600));
      release();
      const [a, b] = await Promise.allSettled([first, second]);
      expect(a).toMatchObject({ status: 'fulfilled', value: { kind: 'changed' } });
      expect(b).toMatchObject({ status: 'fulfilled', value: { kind: 'unchanged' } });

      // Both asked Stripe with the order's idempotency key: one refund.
      const asked = stripe.requests.filter((r) => r.path === '/v1/refunds');
      expect(new Set(asked.map((r) => r.headers['idempotency-key']))).toEqual(
        new Set([`refund-${orderId}`]),
      );
      expect(stripe.charges.get(`ch_${paymentId}`)!.amount_refunded).toBe(
        stripe.charges.get(`ch_${paymentId}`)!.amount,
      );

      expect((await findOrder(t.db, orderId))?.status).toBe('refunded');
      expect((await findProduct(t.db, world.productId))!.stock).toBe(units);
      expect(await sellerTally(t, world.seller.id)).toEqual(tally);
      const ledger = await ledgerOf(t, orderId);
      expect(ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
      expect(ledger.filter((entry) => entry.kind === 'reversal')).toHaveLength(2);
      expect(await historyOf(t, orderId)).toEqual(['pending_payment', 'approved', 'refunded']);
    });
  },
);
