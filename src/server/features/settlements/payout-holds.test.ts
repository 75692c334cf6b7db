import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dismissedMessage } from '@shared/risk/risk.schema';
import { formatDateTime } from '@shared/time';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  approvedSale,
  buy,
  callAs,
  companyPays,
  createPayWorld,
  PAY_WORLD_SALE,
  uniqueCbu,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { profiles } from '../profiles/profiles.table';

const HOUR = 3_600_000;

describe('Mis Cobros says when and why money is held, from what the payout batch itself computes', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
    callAs(t, user, method, url, body);
  const mine = async (seller = world.seller) =>
    (await as(seller, 'GET', '/api/seller/payouts')).json();
  const saveCbu = (cbu: string) =>
    as(world.seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu },
    });
  /** An order through the seller's link that raises a flag of this kind; answers the flag's id. */
  const openFlag = async (kind: 'self_purchase' | 'disposable_email') => {
    const email = kind === 'self_purchase' ? world.seller.email : 'compradora@yopmail.com';
    const placed = await buy(t, world.productId, {
      provider: 'transferencia',
      ref: world.ref,
      buyer: { name: 'Clara Compradora', email },
    });
    expect(placed.statusCode).toBe(201);
    const flags = await as(
      admin,
      'GET',
      `/api/admin/risk?seller_id=${world.seller.id}&kind=${kind}`,
    );
    return flags.json().items[0].id as number;
  };
  const dismiss = (flagId: number) =>
    as(admin, 'POST', `/api/admin/risk/${flagId}/resolve`, {
      decision: 'dismiss',
      note: 'Lo confirmamos por teléfono.',
    });
  const batch = () => as(admin, 'POST', '/api/admin/payouts/batches');
  /** Pagos a vendedores: the seller's state and the page's figures, as the server answers them. */
  const adminView = async () => {
    const view = (await as(admin, 'GET', '/api/admin/payouts')).json();
    const row = view.sellers.find((s: { seller_id: string }) => s.seller_id === world.seller.id);
    return {
      state: row?.state,
      ready_cents: view.ready_cents,
      ready_sellers: view.ready_sellers,
      waiting_sellers: view.waiting_sellers,
      blocked_sellers: view.blocked_sellers,
    };
  };

  beforeAll(async () => {
    // No settlement hold, a $ 500 minimum and the default 72 h wait after a change of details.
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '50000',
    });
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    await approvedSale(t, world);
    await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, 'TRF-1');
  });
  afterAll(() => t?.close());

  it('without payout details: held, said to the seller in their own voice, and no payout promised', async () => {
    expect(await mine()).toMatchObject({
      available_cents: PAY_WORLD_SALE.sellerCents,
      in_next_batch: false,
      holds: [
        {
          code: 'no_details',
          message: 'No cargaste tus datos de cobro (CBU o e-mail de MercadoPago).',
          until: null,
        },
      ],
    });
  });

  it('with valid details and the minimum available: nothing holds it, it goes in the next batch', async () => {
    expect((await saveCbu(uniqueCbu())).statusCode).toBe(200);
    expect(await mine()).toMatchObject({ holds: [], in_next_batch: true });
  });

  it('below the minimum: nothing holds it, but it does not go in the next batch', async () => {
    const newcomer = await createUser(t.app, { role: 'seller', name: 'Nora Nueva' });
    await t.db
      .update(profiles)
      .set({ paymentMethod: 'bank', paymentDetails: { cbu: uniqueCbu() } })
      .where(eq(profiles.id, newcomer.id));
    expect(await mine(newcomer)).toMatchObject({
      available_cents: 0,
      holds: [],
      in_next_batch: false,
    });
  });

  it('an open risk flag holds it: the seller is told it is under review, and the batch leaves them out', async () => {
    const first = await openFlag('self_purchase');
    const second = await openFlag('disposable_email');
    const held = await mine();
    expect(held).toMatchObject({
      available_cents: PAY_WORLD_SALE.sellerCents,
      blocked_reason: 'En revisión',
      in_next_batch: false,
      holds: [{ code: 'under_review', until: null }],
    });
    expect(held.holds[0].message).toMatch(/revisando la actividad de tu cuenta/);
    expect(await adminView()).toEqual({
      state: 'blocked',
      ready_cents: 0,
      ready_sellers: 0,
      waiting_sellers: 0,
      blocked_sellers: 1,
    });
    expect((await batch()).statusCode).toBe(409);

    // Dismissing one of two flags: the answer says the payouts are still held, and why.
    const one = await dismiss(first);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      status: 'dismissed',
      seller_payouts: { held: true, open_flags: 1, reasons: ['En revisión'] },
    });
    expect(dismissedMessage(one.json().seller_payouts)).toBe(
      'Alerta descartada, pero los pagos del vendedor siguen retenidos: tiene otra alerta abierta.',
    );
    expect((await mine()).in_next_batch).toBe(false);

    // The last one: now they resume, and the answer says so.
    const last = await dismiss(second);
    expect(last.json().seller_payouts).toEqual({ held: false, open_flags: 0, reasons: [] });
    expect(dismissedMessage(last.json().seller_payouts)).toBe(
      'Alerta descartada: el vendedor vuelve a entrar en los lotes de pago.',
    );
    expect(await mine()).toMatchObject({ holds: [], in_next_batch: true });
  });

  it('a change of payout details holds it until the wait ends, with the date and time, as the batch does', async () => {
    const before = Date.now();
    expect((await saveCbu(uniqueCbu())).statusCode).toBe(200);
    const held = await mine();
    expect(held.in_next_batch).toBe(false);
    expect(held.holds).toHaveLength(1);
    const [hold] = held.holds;
    expect(hold.code).toBe('details_changed');
    expect(hold.until).toBe(held.held_until);
    const until = new Date(hold.until).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 72 * HOUR);
    expect(until).toBeLessThanOrEqual(Date.now() + 72 * HOUR);
    expect(hold.message).toContain(`desde el ${formatDateTime(hold.until)}`);
    expect(hold.message).toMatch(/^Tus datos de cobro se cambiaron el /);
    expect(await adminView()).toMatchObject({
      state: 'waiting',
      waiting_sellers: 1,
      ready_cents: 0,
    });
    expect((await batch()).statusCode).toBe(409);

    // A flag opened meanwhile comes first; the wait is still listed after it.
    const flagId = await openFlag('self_purchase');
    expect((await mine()).holds.map((h: { code: string }) => h.code)).toEqual([
      'under_review',
      'details_changed',
    ]);
    expect(await adminView()).toMatchObject({ state: 'blocked', waiting_sellers: 0 });
    const answer = (await dismiss(flagId)).json();
    expect(answer.seller_payouts).toMatchObject({ held: true, open_flags: 0 });
    expect(answer.seller_payouts.reasons[0]).toMatch(/^Datos de cobro cambiados el /);
    expect(dismissedMessage(answer.seller_payouts)).toMatch(
      /^Alerta descartada, pero los pagos del vendedor siguen retenidos: datos de cobro cambiados el .+; se podrá pagar desde el .+\.$/,
    );

    // Once the wait is over the batch pays them, as Mis Cobros said.
    await t.db
      .update(profiles)
      .set({ payoutDetailsChangedAt: new Date(Date.now() - 73 * HOUR) })
      .where(eq(profiles.id, world.seller.id));
    expect(await mine()).toMatchObject({ holds: [], in_next_batch: true });
    expect(await adminView()).toEqual({
      state: 'ready',
      ready_cents: PAY_WORLD_SALE.sellerCents,
      ready_sellers: 1,
      waiting_sellers: 0,
      blocked_sellers: 0,
    });
    expect((await batch()).statusCode).toBe(201);
    expect(await mine()).toMatchObject({
      available_cents: 0,
      in_process_cents: PAY_WORLD_SALE.sellerCents,
      in_next_batch: false,
    });
  });
});
