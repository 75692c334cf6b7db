import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  createPayWorld,
  type PayWorld,
  callAs,
  VALID_CBU,
  PAY_WORLD_SALE,
  approvedSale,
  companyPays as pays,
  moveOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { emailOutbox } from '../notifications/notifications.table';
import { orders } from '../orders/orders.table';
import { sellerPayouts } from './payouts.service';

const SELLER = PAY_WORLD_SALE.sellerCents;
const OWED = PAY_WORLD_SALE.owedCents;

describe('payouts: what sellers can be paid, batches for home banking, and clawbacks', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(t, user, method, url, payload);
  const sale = () => approvedSale(t, world);
  const companyPays = (amount: number, reference: string) =>
    pays(t, admin, world.company, amount, reference);

  beforeAll(async () => {
    // No hold for the API flow (the hold is tested below with the clock moved); $ 1.000 minimum.
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '100000',
    });
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  it('pays only what is past the hold and covered by the company’s payments, oldest debt first', async () => {
    const rules = { holdDays: 14, minimumCents: 100_000 };
    await sale();
    await sale();
    const later = new Date(Date.now() + 15 * 86_400_000);
    // Earned, but the company has paid nothing yet.
    expect(
      await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, { ...rules, now: later }),
    ).toMatchObject({
      pending_cents: 2 * SELLER,
      available_cents: 0,
    });
    // The company pays for the first sale only: that one becomes payable once the hold is over.
    await companyPays(OWED, 'TRF-1');
    expect(await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, rules)).toMatchObject(
      {
        pending_cents: 2 * SELLER,
        available_cents: 0,
      },
    );
    expect(
      await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, { ...rules, now: later }),
    ).toMatchObject({
      pending_cents: SELLER,
      available_cents: SELLER,
    });
    await companyPays(OWED, 'TRF-2');
    expect(
      await sellerPayouts(t.db, { kind: 'seller', id: world.seller.id }, { ...rules, now: later }),
    ).toMatchObject({
      pending_cents: 0,
      available_cents: 2 * SELLER,
    });
  });

  it('lists a seller without valid payment details as blocked, with the reason', async () => {
    const list = await as(admin, 'GET', '/api/admin/payouts');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ minimum_cents: 100_000, hold_days: 0, batches: [] });
    expect(list.json().sellers).toEqual([
      {
        seller_id: world.seller.id,
        name: 'Sergio Vendedor',
        email: world.seller.email,
        province: expect.any(String),
        available_cents: 2 * SELLER,
        destination: null,
        blocked_reason: 'No cargó sus datos de cobro (CBU o e-mail de MercadoPago).',
        held_until: null,
        state: 'blocked',
      },
    ]);
    const none = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe('No hay vendedores para pagar ahora.');
  });

  it('batches the ready sellers once, exports them for home banking, and marks the batch paid once', async () => {
    const saved = await as(world.seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu: VALID_CBU, alias: 'SERGIO.VENDE' },
    });
    expect(saved.statusCode).toBe(200);
    const ready = (await as(admin, 'GET', '/api/admin/payouts')).json().sellers[0];
    expect(ready.blocked_reason).toBeNull();
    expect(ready.destination).toEqual({
      method: 'bank',
      label: `CBU ${VALID_CBU} · alias SERGIO.VENDE`,
    });

    // Two admins at once: one batch, the other finds nothing left to pay.
    const [a, b] = await Promise.all([
      as(admin, 'POST', '/api/admin/payouts/batches'),
      as(admin, 'POST', '/api/admin/payouts/batches'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const created = (a.statusCode === 201 ? a : b).json();
    expect(created.sellers).toEqual([]);
    expect(created.batches).toEqual([
      expect.objectContaining({ status: 'created', total_cents: 2 * SELLER, payouts: 1 }),
    ]);
    const batchId = created.batches[0].id as number;

    const mine = (await as(world.seller, 'GET', '/api/seller/payouts')).json();
    expect(mine).toMatchObject({
      available_cents: 0,
      in_process_cents: 2 * SELLER,
      paid_cents: 0,
      items: [expect.objectContaining({ amount_cents: 2 * SELLER, status: 'created' })],
    });

    const csv = await as(admin, 'GET', `/api/admin/payouts/batches/${batchId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="lote-pagos-${batchId}.csv"`,
    );
    expect(csv.body).toContain(
      `Sergio Vendedor;${world.seller.email};Transferencia bancaria;${VALID_CBU};SERGIO.VENDE;;1500,00;VendeMás comisiones lote ${batchId}`,
    );

    const paid = await as(admin, 'POST', `/api/admin/payouts/batches/${batchId}/paid`, {
      reference: 'LOTE-0001',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().batches[0]).toMatchObject({ status: 'paid', reference: 'LOTE-0001' });
    const again = await as(admin, 'POST', `/api/admin/payouts/batches/${batchId}/paid`, {
      reference: 'LOTE-0001',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ese lote ya está marcado como pagado.');
    expect(
      (await as(admin, 'POST', '/api/admin/payouts/batches/999999/paid', { reference: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await as(admin, 'POST', `/api/admin/payouts/batches/${batchId}/paid`, { reference: ' ' }))
        .statusCode,
    ).toBe(400);

    // The seller sees it paid, under the bell and by e-mail.
    const after = (await as(world.seller, 'GET', '/api/seller/payouts')).json();
    expect(after).toMatchObject({
      available_cents: 0,
      in_process_cents: 0,
      paid_cents: 2 * SELLER,
    });
    expect(after.items[0]).toMatchObject({ status: 'paid', destination: ready.destination });
    const bell = (await as(world.seller, 'GET', '/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({
      title: 'Te pagamos tus comisiones',
      link: '/seller/payouts',
    });
    const mail = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'seller_payout_paid'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.toEmail).toBe(world.seller.email);
  });

  it('a refund after the payout is clawed back from the next one', async () => {
    const [firstOrder] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.sellerId, world.seller.id))
      .orderBy(asc(orders.createdAt));
    await moveOrder(t, firstOrder!.id, 'refunded');
    expect((await as(world.seller, 'GET', '/api/seller/payouts')).json()).toMatchObject({
      available_cents: -SELLER,
      paid_cents: 2 * SELLER,
    });
    // The refund also left the company $ 1.000 in credit. Two new sales: the credit covers the
    // first; once the company pays the second, the next payout is what they earned minus the refund.
    await sale();
    await sale();
    expect((await as(world.seller, 'GET', '/api/seller/payouts')).json().available_cents).toBe(0);
    await companyPays(OWED, 'TRF-3');
    const now = (await as(world.seller, 'GET', '/api/seller/payouts')).json();
    expect(now.available_cents).toBe(2 * SELLER - SELLER);
    // Below the $ 1.000 minimum: not in the list yet.
    expect((await as(admin, 'GET', '/api/admin/payouts')).json().sellers).toEqual([]);
  });

  it('keeps payouts to the admin and each seller to their own', async () => {
    expect((await as(world.seller, 'GET', '/api/admin/payouts')).statusCode).toBe(403);
    expect((await as(world.company, 'POST', '/api/admin/payouts/batches')).statusCode).toBe(403);
    expect((await as(world.company, 'GET', '/api/seller/payouts')).statusCode).toBe(403);
    const other = await createUser(t.app, { role: 'seller' });
    expect((await as(other, 'GET', '/api/seller/payouts')).json()).toMatchObject({
      pending_cents: 0,
      available_cents: 0,
      paid_cents: 0,
      items: [],
      blocked_reason: 'No cargó sus datos de cobro (CBU o e-mail de MercadoPago).',
    });
  });
});
