import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  createPayWorld,
  type PayWorld,
  callAs,
  uniqueCbu,
  PAY_WORLD_SALE,
  moveOrder,
  approvedSale,
  companyPays as pays,
  startPayWorld,
  placeTransferOrder,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { argentineDay } from '@shared/time';
import { companyBalance, companyBalances, sellerBalance } from './balances.service';
import { statementList } from './statements.service';

const SELLER = PAY_WORLD_SALE.sellerCents;
const OWED = PAY_WORLD_SALE.owedCents;

/**
 * A seller's figures mean one thing on every endpoint: GET /api/seller/balance
 * and Mis Cobros (GET /api/seller/payouts) read the same balances, through a
 * batch in process, a payout and a refund after it.
 */
describe('one meaning of a seller’s available money', () => {
  let t: TestApp;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(t, user, method, url, payload);
  /** A company and a seller with bank details, and one approved sale of theirs. */
  const worldWithSale = async () => {
    const world = await createPayWorld(t);
    const saved = await as(world.seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu: uniqueCbu() },
    });
    expect(saved.statusCode).toBe(200);
    const orderId = await approvedSale(t, world);
    return { world, orderId };
  };
  const companyPays = (world: PayWorld, reference: string) =>
    pays(t, admin, world.company, OWED, reference);
  const newBatch = async () => {
    const batch = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(batch.statusCode).toBe(201);
    return batch.json().batches[0].id as number;
  };
  /** Both endpoints' figures for a seller; they must be the same. */
  const figures = async (seller: CreatedUser) => {
    const balance = (await as(seller, 'GET', '/api/seller/balance')).json();
    const payouts = (await as(seller, 'GET', '/api/seller/payouts')).json();
    const fromPayouts = {
      pending_cents: payouts.pending_cents,
      available_cents: payouts.available_cents,
      in_process_cents: payouts.in_process_cents,
      paid_cents: payouts.paid_cents,
      hold_days: payouts.hold_days,
    };
    // The figures both endpoints always had first, then the whole answer.
    expect({ pending: balance.pending_cents, available: balance.available_cents }).toEqual({
      pending: payouts.pending_cents,
      available: payouts.available_cents,
    });
    expect(balance).toEqual(fromPayouts);
    return fromPayouts;
  };

  beforeAll(async () => {
    // No hold, so what stands between a sale and a payout is the company's payment and the batches.
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '1',
    });
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  it('a sale the company has not paid is pending on both endpoints, available once it pays', async () => {
    const { world } = await worldWithSale();
    expect(await figures(world.seller)).toMatchObject({
      pending_cents: SELLER,
      available_cents: 0,
    });
    await companyPays(world, 'TRF-A');
    expect(await figures(world.seller)).toMatchObject({
      pending_cents: 0,
      available_cents: SELLER,
    });
  });

  it('money in a batch in process is no longer available on either endpoint', async () => {
    const { world } = await worldWithSale();
    await companyPays(world, 'TRF-B');
    await newBatch();
    expect(await figures(world.seller)).toMatchObject({
      available_cents: 0,
      in_process_cents: SELLER,
      paid_cents: 0,
    });
  });

  it('a refund after the payout is owed back on both endpoints, and adds up to the cent', async () => {
    const { world, orderId } = await worldWithSale();
    await companyPays(world, 'TRF-C');
    const batchId = await newBatch();
    const paid = await as(admin, 'POST', `/api/admin/payouts/batches/${batchId}/paid`, {
      reference: 'LOTE-C',
    });
    expect(paid.statusCode).toBe(200);
    expect(await figures(world.seller)).toMatchObject({ available_cents: 0, paid_cents: SELLER });
    await moveOrder(t, orderId, 'refunded');
    const now = await figures(world.seller);
    expect(now).toMatchObject({ pending_cents: 0, available_cents: -SELLER, paid_cents: SELLER });
    // Earned (nothing, after the refund) = pending + available + in process + paid.
    expect(now.pending_cents + now.available_cents + now.in_process_cents + now.paid_cents).toBe(0);
  });
});

describe('one figure for what a company still owes', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => ({ t, world } = await startPayWorld()));
  afterAll(() => t.close());

  it('is the same on the company’s balance, its statements and the admin’s list', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    for (let i = 0; i < 3; i += 1) await approvedSale(t, world);
    await pays(t, admin, world.company, OWED, 'TRF-1');

    const balance = await companyBalance(t.db, { kind: 'company', id: world.company.id });
    expect(balance).toMatchObject({
      owedCents: 3 * OWED,
      sellersCents: 3 * SELLER,
      platformCents: 3 * (OWED - SELLER),
      paidCents: OWED,
      balanceCents: 2 * OWED,
      lastPaymentOn: argentineDay(new Date()),
    });
    expect((await companyBalances(t.db, { kind: 'platform' })).get(world.company.id)).toEqual(
      balance,
    );
    const list = await statementList(t.db, { kind: 'company', id: world.company.id });
    expect(list.balance_cents).toBe(balance.balanceCents);
    expect(list.months[0]!.closing_cents).toBe(balance.balanceCents);
    const admins = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settlements',
      headers: { cookie: admin.cookie },
    });
    expect(admins.json().items).toContainEqual(
      expect.objectContaining({
        company_id: world.company.id,
        owed_cents: balance.owedCents,
        paid_cents: balance.paidCents,
        balance_cents: balance.balanceCents,
      }),
    );
    // Nothing was owed before this month.
    const month = argentineDay(new Date()).slice(0, 7);
    expect(
      await companyBalance(t.db, { kind: 'company', id: world.company.id }, { before: month }),
    ).toMatchObject({
      balanceCents: 0,
    });
  });
});

/**
 * Commission collected at the source is never part of what a company owes:
 * neither in its balance nor in how far its payments reach (oldest debts first).
 */
describe('owed and collected commission side by side', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => ({ t, world } = await startPayWorld()));
  afterAll(() => t.close());

  it("a company's payment covers exactly its owed sales, whatever was collected between them", async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    await approvedSale(t, world);
    const collected = await placeTransferOrder(t, world);
    await moveOrder(t, collected, 'approved', { collectedAtSource: true });
    await approvedSale(t, world);

    const balance = await companyBalance(t.db, { kind: 'company', id: world.company.id });
    expect(balance).toMatchObject({
      owedCents: 2 * OWED,
      collectedCents: OWED,
      balanceCents: 2 * OWED,
    });

    // Paying both owed sales makes all three sellers' shares payable (no hold here).
    await pays(t, admin, world.company, 2 * OWED, 'TRF-2');
    const seller = await sellerBalance(t.db, { kind: 'seller', id: world.seller.id }, 0);
    expect(seller).toMatchObject({
      earnedCents: 3 * SELLER,
      availableCents: 3 * SELLER,
      pendingCents: 0,
    });
  });
});
