import { and, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shared/order-status';
import { pointsForOrder } from '@shared/points';
import { argentineDaySql } from '../../lib/sql-time';
import type { TestApp } from '../../../../tests/setup/test-app';
import {
  buy,
  createPayWorld,
  sellerTally,
  type PayWorld,
  moveOrder,
  startPayWorld,
} from '../../../../tests/factories/pay-world';
import { statusSteps } from '../../../../tests/factories/order-steps';
import { release, reserveProductUnits } from '../inventory/inventory.service';
import { products } from '../products/products.table';
import { transitionOrder } from './order-workflow';
import { sellerTallyFromOrders } from './orders.service';
import { orderDailyTotals, orders, orderStatusHistory, orderTotals } from './orders.table';

describe('the points rule (API.md "Points")', () => {
  it('awards 10 points plus 1 per whole $1.000 of the seller commission', () => {
    expect(pointsForOrder(0)).toBe(10);
    expect(pointsForOrder(99_999)).toBe(10);
    expect(pointsForOrder(100_000)).toBe(11);
    expect(pointsForOrder(1_234_567)).toBe(22);
    expect(() => pointsForOrder(-1)).toThrow(RangeError);
  });
});

describe('order transitions', () => {
  let t: TestApp;
  let world: PayWorld;
  beforeAll(async () => ({ t, world } = await startPayWorld({ stock: 1000 })));
  afterAll(() => t.close());

  const stock = async () => {
    const [row] = await t.db.select().from(products).where(eq(products.id, world.productId));
    return row!.stock;
  };
  const heldUnits = async () => {
    const [row] = await t.db.select().from(products).where(eq(products.id, world.productId));
    return row!.heldUnits;
  };

  it('any sequence of status changes leaves points and sales equal to what the orders award, and stock equal to what they hold', async () => {
    await fc.assert(
      fc.asyncProperty(statusSteps(3, 12), async (steps) => {
        const created = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await buy(t, world.productId, {
            provider: 'transferencia',
            ref: world.ref,
            quantity: i + 1,
          });
          created.push(response.json().order_id as string);
        }
        for (const step of steps) {
          await moveOrder(t, created[step.order]!, step.to, { changedBy: 'property-test' });
          expect(await sellerTally(t, world.seller.id)).toEqual(
            await sellerTallyFromOrders(t.db, world.seller.id),
          );
        }
        const rows = await t.db.select().from(orders).where(eq(orders.productId, world.productId));
        const held = rows
          .filter((row) => row.status !== 'expired' && row.status !== 'refunded')
          .reduce((sum, row) => sum + row.quantity, 0);
        expect(await stock()).toBe(1000 - held);
        // What unpaid orders hold, for the unpaid share (PAY_MAX_UNPAID_SHARE_BPS).
        const unpaid = rows
          .filter((row) => row.status === 'pending_payment' || row.status === 'pending_transfer')
          .reduce((sum, row) => sum + row.quantity, 0);
        expect(await heldUnits()).toBe(unpaid);
        for (const row of rows) {
          const expected =
            row.status === 'approved' || row.status === 'delivered'
              ? pointsForOrder(row.sellerCents)
              : 0;
          expect(row.pointsAwarded).toBe(expected);
        }
        // The dashboards' totals, per status and per day, equal sums over the orders.
        const day = argentineDaySql(orders.createdAt);
        const fromOrders = await t.db
          .select({
            status: orders.status,
            day,
            orders: sql<number>`count(*)::int`,
            total: sql<string>`sum(${orders.totalCents})::text`,
            platform: sql<string>`sum(${orders.platformCents})::text`,
          })
          .from(orders)
          .where(eq(orders.companyId, world.company.id))
          .groupBy(orders.status, day)
          .orderBy(orders.status, day);
        const fromDaily = await t.db
          .select({
            status: orderDailyTotals.status,
            day: sql<string>`${orderDailyTotals.day}::text`,
            orders: orderDailyTotals.orders,
            total: sql<string>`${orderDailyTotals.totalCents}::text`,
            platform: sql<string>`${orderDailyTotals.platformCents}::text`,
          })
          .from(orderDailyTotals)
          .where(
            and(eq(orderDailyTotals.companyId, world.company.id), gt(orderDailyTotals.orders, 0)),
          )
          .orderBy(orderDailyTotals.status, orderDailyTotals.day);
        expect(fromDaily).toEqual(fromOrders);
        const perStatus = await t.db
          .select()
          .from(orderTotals)
          .where(eq(orderTotals.companyId, world.company.id));
        for (const status of ORDER_STATUSES) {
          const mine = fromOrders.filter((row) => row.status === status);
          const total = perStatus.find((row) => row.status === status);
          expect(total?.orders ?? 0).toBe(mine.reduce((sum, row) => sum + row.orders, 0));
          expect(total?.totalCents ?? 0).toBe(
            mine.reduce((sum, row) => sum + Number(row.total), 0),
          );
        }
      }),
      { numRuns: 20 },
    );
  });

  it("never moves a payment-link order to a cart's own statuses (reserved, cancelled)", async () => {
    const response = await buy(t, world.productId, { provider: 'transferencia' });
    const id = response.json().order_id as string;
    const before = await stock();
    expect((await moveOrder(t, id, 'cancelled')).kind).toBe('unchanged');
    expect((await moveOrder(t, id, 'reserved')).kind).toBe('unchanged');
    expect(await stock()).toBe(before);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('pending_transfer');
  });

  it('writes a history row per change and none when nothing changes', async () => {
    const response = await buy(t, world.productId, { provider: 'transferencia' });
    const id = response.json().order_id as string;
    expect((await moveOrder(t, id, 'approved', { changedBy: 'a' })).kind).toBe('changed');
    expect((await moveOrder(t, id, 'approved', { changedBy: 'a' })).kind).toBe('unchanged');
    expect(
      (await moveOrder(t, id, 'delivered', { changedBy: 'a', from: ['pending_payment'] })).kind,
    ).toBe('unchanged');
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(orderStatusHistory.id);
    expect(history.map((row) => row.status)).toEqual(['pending_transfer', 'approved']);
    expect(
      (await moveOrder(t, '00000000-0000-4000-8000-000000000000', 'approved', { changedBy: 'a' }))
        .kind,
    ).toBe('not_found');
  });

  it("a company's scope finds only its own orders: another company's order is not found and stays as it was", async () => {
    const other = await createPayWorld(t, { stock: 5 });
    const bought = await buy(t, other.productId, { provider: 'transferencia' });
    const orderId = bought.json().order_id as string;
    const asWorld = await transitionOrder(t.db, t.app.orderWorkflow, {
      scope: { kind: 'company', id: world.company.id },
      orderId,
      to: 'approved',
      changedBy: 'a',
    });
    expect(asWorld.kind).toBe('not_found');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row!.status).toBe('pending_transfer');
    const asOwner = await transitionOrder(t.db, t.app.orderWorkflow, {
      scope: { kind: 'company', id: other.company.id },
      orderId,
      to: 'approved',
      changedBy: 'a',
    });
    expect(asOwner.kind).toBe('changed');
  });

  it('reopening an expired order needs its units back, and says so when they are gone', async () => {
    const small = await createPayWorld(t, { stock: 1 });
    const first = await buy(t, small.productId, { provider: 'transferencia' });
    const id = first.json().order_id as string;
    await moveOrder(t, id, 'expired');
    const second = await buy(t, small.productId, { provider: 'transferencia' });
    expect(second.statusCode).toBe(201);
    const reopened = await moveOrder(t, id, 'approved', { changedBy: 'a' });
    expect(reopened.kind).toBe('no_stock');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('expired');
  });

  it('takes units only at the price and commission an order was written with', async () => {
    const [product] = await t.db.select().from(products).where(eq(products.id, world.productId));
    const taken = await t.db.transaction(async (tx) => {
      const stale = await reserveProductUnits(tx, world.productId, 1, {
        pricedAs: { priceCents: product!.priceCents + 1, commissionBps: product!.commissionBps },
      });
      const current = await reserveProductUnits(tx, world.productId, 1, { pricedAs: product! });
      await release(tx, {
        item: { kind: 'product', id: world.productId },
        quantity: current ? 1 : 0,
      });
      return { stale, current };
    });
    expect(taken.stale).toBeNull();
    expect(taken.current?.stock).toBe(product!.stock - 1);
    expect(await stock()).toBe(product!.stock);
  });
});
