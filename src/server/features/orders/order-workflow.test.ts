import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  companyCall,
  createPayWorld,
  sellerTally,
  type PayWorld,
  placeTransferOrder,
  ledgerOf as ledgerOfOrder,
  historyOf as historyOfOrder,
  moveOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { findProduct } from '../products/products.service';
import { ledgerEntries } from '../settlements/ledger.table';
import { emailOutbox, notifications } from '../notifications/notifications.table';
import { changeOrderStatusAudited } from './order-actions.service';
import { transitionOrder, type OrderWorkflow } from './order-workflow';
import { findOrder } from './orders.service';
import { orderStatusHistory, orderTotals } from './orders.table';

/*
 * What a status change does is the workflow buildApp hands in (order-workflow.ts):
 * each app has its own, the steps run in order inside the change's transaction,
 * a failing step undoes the whole change, and the caches are dropped after it.
 */
describe('the order workflow', () => {
  let t: TestApp;
  let other: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  beforeAll(async () => {
    [t, other] = await Promise.all([
      createTestApp({ ...UNLIMITED_PAY_ENV }),
      createTestApp({ ...UNLIMITED_PAY_ENV }),
    ]);
    world = await createPayWorld(t, { stock: 100 });
    admin = await createUser(t.app, { role: 'admin', name: 'Alicia Admin' });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all([t?.close(), other?.close()]);
  });

  const placeOrder = () => placeTransferOrder(t, world);
  const ledgerOf = (orderId: string) => ledgerOfOrder(t, orderId);
  const historyOf = (orderId: string) => historyOfOrder(t, orderId);
  const adminDashboard = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { origin: t.config.appUrl, cookie: admin.cookie },
      })
    ).json() as { total_revenue_cents: number };

  it('two apps in one process share no steps: a change in one calls none of the other’s', async () => {
    expect(t.app.orderWorkflow).not.toBe(other.app.orderWorkflow);
    expect(t.app.platformFigures).not.toBe(other.app.platformFigures);
    const theirs = {
      ledger: vi.spyOn(other.app.orderWorkflow, 'ledger'),
      risk: vi.spyOn(other.app.orderWorkflow, 'risk'),
      notifications: vi.spyOn(other.app.orderWorkflow, 'notifications'),
      invalidateCaches: vi.spyOn(other.app.orderWorkflow, 'invalidateCaches'),
      figures: vi.spyOn(other.app.platformFigures, 'invalidate'),
    };
    const ours = vi.spyOn(t.app.platformFigures, 'invalidate');

    // The admin dashboard keeps its sums for a few seconds; a change made in this app shows at once,
    // and the other app keeps the sums it has.
    const before = await adminDashboard();
    const ourSums = t.app.platformFigures.read();
    const theirSums = other.app.platformFigures.read();
    await Promise.all([ourSums, theirSums]);
    const orderId = await placeOrder();
    const confirmed = await companyCall(
      t,
      world.company,
      'POST',
      `/orders/${orderId}/confirm-transfer`,
    );
    expect(confirmed.statusCode).toBe(200);
    const order = await findOrder(t.db, orderId);
    expect((await adminDashboard()).total_revenue_cents).toBe(
      before.total_revenue_cents + order!.totalCents,
    );
    expect(ours).toHaveBeenCalledTimes(1);
    expect(t.app.platformFigures.read()).not.toBe(ourSums);
    expect(other.app.platformFigures.read()).toBe(theirSums);
    expect((await ledgerOf(orderId)).length).toBeGreaterThan(0);

    for (const spy of Object.values(theirs)) expect(spy).not.toHaveBeenCalled();
    // Building a third app adds nothing to the first two.
    const third = await createTestApp({ ...UNLIMITED_PAY_ENV });
    try {
      const spy = vi.spyOn(third.app.orderWorkflow, 'notifications');
      const again = await placeOrder();
      await moveOrder(t, again, 'approved');
      expect(spy).not.toHaveBeenCalled();
      for (const theirSpy of Object.values(theirs)) expect(theirSpy).not.toHaveBeenCalled();
      expect(ours).toHaveBeenCalledTimes(2);
    } finally {
      await third.close();
    }
  });

  it('runs its steps in order inside the change’s transaction, and drops the caches once it is written', async () => {
    const orderId = await placeOrder();
    const base = t.app.orderWorkflow;
    const seen: string[] = [];
    const workflow: OrderWorkflow = {
      ledger: async (change) => {
        // The orders' own steps are done, in this transaction: status, history, points.
        const [history] = await change.tx
          .select({ status: orderStatusHistory.status })
          .from(orderStatusHistory)
          .where(eq(orderStatusHistory.orderId, orderId))
          .orderBy(orderStatusHistory.id)
          .offset(1);
        expect(change.order.status).toBe('approved');
        expect(change.previous).toBe('pending_transfer');
        expect(history?.status).toBe('approved');
        expect(change.order.pointsAwarded).toBeGreaterThan(0);
        seen.push('ledger');
        await base.ledger(change);
      },
      risk: async (change) => {
        seen.push('risk');
        await base.risk(change);
      },
      notifications: async (change) => {
        // The ledger step ran before, in the same transaction.
        const entries = await change.tx
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, orderId));
        expect(entries.length).toBeGreaterThan(0);
        seen.push('notifications');
        await base.notifications(change);
      },
      webhooks: async (change) => {
        seen.push('webhooks');
        await base.webhooks(change);
      },
      invalidateCaches: (change) => {
        expect(change.order.status).toBe('approved');
        seen.push('invalidateCaches');
      },
    };
    const result = await transitionOrder(t.db, workflow, {
      scope: { kind: 'platform' },
      orderId,
      to: 'approved',
      changedBy: 'system',
    });
    expect(result.kind).toBe('changed');
    expect(seen).toEqual(['ledger', 'risk', 'notifications', 'webhooks', 'invalidateCaches']);

    // A change that does not happen calls no step.
    seen.length = 0;
    const again = await transitionOrder(t.db, workflow, {
      scope: { kind: 'platform' },
      orderId,
      to: 'approved',
      changedBy: 'system',
    });
    expect(again.kind).toBe('unchanged');
    expect(seen).toEqual([]);
  });

  it('a failing step rolls the whole change back: status, history, stock, points, totals, ledger and notices', async () => {
    const orderId = await placeOrder();
    const base = t.app.orderWorkflow;
    const invalidated = vi.fn();
    const failing: OrderWorkflow = {
      ledger: base.ledger,
      risk: base.risk,
      notifications: async (change) => {
        await base.notifications(change);
        throw new Error('the notices could not be written');
      },
      webhooks: base.webhooks,
      invalidateCaches: invalidated,
    };
    const snapshot = async () => ({
      order: await findOrder(t.db, orderId),
      history: await historyOf(orderId),
      stock: (await findProduct(t.db, world.productId))?.stock,
      tally: await sellerTally(t, world.seller.id),
      totals: await t.db
        .select()
        .from(orderTotals)
        .where(eq(orderTotals.companyId, world.company.id))
        .orderBy(orderTotals.status),
      ledger: await ledgerOf(orderId),
      notices: (await t.db.select().from(notifications)).length,
      emails: (await t.db.select().from(emailOutbox)).length,
    });
    const before = await snapshot();
    await expect(
      transitionOrder(t.db, failing, {
        scope: { kind: 'platform' },
        orderId,
        to: 'approved',
        changedBy: 'system',
      }),
    ).rejects.toThrow('the notices could not be written');
    const after = await snapshot();
    expect(after).toEqual(before);
    expect(after.order?.status).toBe('pending_transfer');
    expect(after.ledger).toEqual([]);
    expect(invalidated).not.toHaveBeenCalled();

    // With the app's own steps the same change goes through, and writes what it owes.
    const result = await transitionOrder(t.db, base, {
      scope: { kind: 'platform' },
      orderId,
      to: 'approved',
      changedBy: 'system',
    });
    expect(result.kind).toBe('changed');
    expect((await ledgerOf(orderId)).length).toBeGreaterThan(0);
    expect(await sellerTally(t, world.seller.id)).not.toEqual(before.tally);
  });

  it('inside a caller’s own transaction, drops the caches only once that transaction commits', async () => {
    const base = t.app.orderWorkflow;
    const dropped = vi.fn();
    const workflow: OrderWorkflow = { ...base, invalidateCaches: dropped };
    const actor = { id: admin.id, name: 'Alicia Admin', action: 'order.status' };

    // The audit entry cannot be written (PostgreSQL refuses a NUL in text): nothing happened.
    const refused = await placeOrder();
    await expect(
      changeOrderStatusAudited(
        t.db,
        workflow,
        { scope: { kind: 'platform' }, orderId: refused, to: 'approved' },
        { ...actor, name: 'Alicia\u0000Admin' },
      ),
    ).rejects.toThrow();
    expect((await findOrder(t.db, refused))?.status).toBe('pending_transfer');
    expect(await ledgerOf(refused)).toEqual([]);
    expect(dropped).not.toHaveBeenCalled();

    const accepted = await placeOrder();
    const result = await changeOrderStatusAudited(
      t.db,
      workflow,
      { scope: { kind: 'platform' }, orderId: accepted, to: 'approved' },
      actor,
    );
    expect(result.kind).toBe('changed');
    expect(dropped).toHaveBeenCalledTimes(1);
    expect(dropped.mock.calls[0]![0]).toMatchObject({
      order: { id: accepted, status: 'approved' },
      previous: 'pending_transfer',
    });
  });
});
