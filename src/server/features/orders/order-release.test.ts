import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@shared/orders/orders.schema';
import { createUser } from '../../../../tests/factories/accounts';
import {
  startFakeMercadoPago,
  type FakeMercadoPago,
} from '../../../../tests/fakes/payment-providers';
import {
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { orderStatusHistory, orderTotals } from './orders.table';
import { products } from '../products/products.table';

describe('a company releases the units of an unpaid order from Pedidos', () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let world: PayWorld;

  beforeAll(async () => {
    mp = await startFakeMercadoPago();
    t = await createTestApp({
      MERCADOPAGO_API_URL: mp.url,
      PAY_RATE_LIMIT: '1000',
      PAY_MAX_HELD_UNITS_PER_PRODUCT: '10',
    });
    world = await createPayWorld(t, { stock: 20 });
  });
  afterAll(async () => {
    await t.close();
    await mp.close();
  });

  const stock = async () =>
    (await t.db.select().from(products).where(eq(products.id, world.productId)))[0]!.stock;
  const release = (orderId: string, company = world.company) =>
    companyCall(t, company, 'POST', `/orders/${orderId}/release`);
  const totals = async (status: 'pending_transfer' | 'expired') =>
    (
      await t.db
        .select()
        .from(orderTotals)
        .where(and(eq(orderTotals.companyId, world.company.id), eq(orderTotals.status, status)))
    )[0]?.orders ?? 0;

  it('a transfer order expires at once: its units go back, with a history row, the totals and an audit entry', async () => {
    const address = '198.51.100.40';
    const placed = await buy(
      t,
      world.productId,
      { provider: 'transferencia', quantity: 10 },
      address,
    );
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().order_id as string;
    expect(await stock()).toBe(10);
    // The buyer's address holds its cap of this product until the company releases the order.
    expect((await buy(t, world.productId, { provider: 'transferencia' }, address)).statusCode).toBe(
      429,
    );
    const [pendingBefore, expiredBefore] = [
      await totals('pending_transfer'),
      await totals('expired'),
    ];

    const response = await release(orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: orderId, status: 'expired' });
    expect(await stock()).toBe(20);
    expect(await totals('pending_transfer')).toBe(pendingBefore - 1);
    expect(await totals('expired')).toBe(expiredBefore + 1);
    const history = await t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(orderStatusHistory.id);
    expect(history.map((row) => [row.status, row.changedBy])).toEqual([
      ['pending_transfer', 'system'],
      ['expired', world.company.id],
    ]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, orderId));
    expect(audit).toMatchObject({
      actorId: world.company.id,
      action: 'order.release',
      before: { status: 'pending_transfer' },
      after: { status: 'expired' },
    });
    // The address may order again.
    expect((await buy(t, world.productId, { provider: 'transferencia' }, address)).statusCode).toBe(
      201,
    );

    // Released once: a second release changes nothing.
    const again = await release(orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'NOT_RELEASABLE',
      message: ORDER_MESSAGES.notReleasable,
    });
  });

  it('also releases an unpaid MercadoPago checkout, but never a paid order', async () => {
    const unpaid = await buy(t, world.productId, { provider: 'mercadopago', quantity: 2 });
    expect(unpaid.statusCode).toBe(201);
    const before = await stock();
    expect((await release(unpaid.json().order_id)).statusCode).toBe(200);
    expect(await stock()).toBe(before + 2);

    const paid = await buy(t, world.productId, { provider: 'transferencia' });
    const paidId = paid.json().order_id as string;
    expect(
      (await companyCall(t, world.company, 'POST', `/orders/${paidId}/confirm-transfer`))
        .statusCode,
    ).toBe(200);
    const refused = await release(paidId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('NOT_RELEASABLE');
  });

  it('keeps the release dialog’s promise: a late transfer is still confirmed while the stock allows, taking its units again', async () => {
    const placed = await buy(t, world.productId, { provider: 'transferencia', quantity: 3 });
    const orderId = placed.json().order_id as string;
    expect((await release(orderId)).statusCode).toBe(200);
    const confirm = () =>
      companyCall(t, world.company, 'POST', `/orders/${orderId}/confirm-transfer`);

    // The units were sold meanwhile: nothing changes, and the company is told why.
    const left = await stock();
    await t.db.update(products).set({ stock: 2 }).where(eq(products.id, world.productId));
    const refused = await confirm();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'NO_STOCK',
      message: ORDER_MESSAGES.noStockToReopen,
    });
    expect(await stock()).toBe(2);

    // With the units there, the transfer is confirmed and they are taken again.
    await t.db.update(products).set({ stock: left }).where(eq(products.id, world.productId));
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: orderId, status: 'approved' });
    expect(await stock()).toBe(left - 3);

    // A released card or MercadoPago checkout is no transfer to confirm.
    const checkout = await buy(t, world.productId, { provider: 'mercadopago' });
    expect((await release(checkout.json().order_id)).statusCode).toBe(200);
    const notTransfer = await companyCall(
      t,
      world.company,
      'POST',
      `/orders/${checkout.json().order_id}/confirm-transfer`,
    );
    expect(notTransfer.statusCode).toBe(409);
  });

  it("another company's order is not found, and only companies may release", async () => {
    const placed = await buy(t, world.productId, { provider: 'transferencia' });
    const orderId = placed.json().order_id as string;
    const other = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    const foreign = await release(orderId, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(ORDER_MESSAGES.notFound);
    expect((await release('7d9e3c1a-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/company/orders/${orderId}/release`,
      headers: { origin: t.config.appUrl },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stock()).toBeLessThan(20);
  });
});
