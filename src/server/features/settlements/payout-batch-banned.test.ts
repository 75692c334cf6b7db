import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_BLOCKED_REASONS } from '@shared/settlements/settlements.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  BUYER,
  BUYER_AGENT,
  callAs,
  companyPays,
  createPayWorld,
  moveOrder,
  PAY_WORLD_SALE,
  uniqueCbu,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { linkCodeFor } from '../orders/seller-links.service';
import { payouts } from './payouts.table';

const SELLER_CUT = PAY_WORLD_SALE.sellerCents;

describe('payout batches after a confirmed fraud', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(t, user, method, url, payload);

  beforeAll(async () => {
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      AUTH_RATE_LIMIT: '1000',
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '1',
    });
    world = await createPayWorld(t, { stock: 50 });
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  /** A seller with a bank account of their own and a link to the world's product. */
  const sellerWithBank = async (name: string) => {
    const seller = await createUser(t.app, { role: 'seller', name });
    const saved = await as(seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu: uniqueCbu() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { seller, ref: await linkCodeFor(t.db, seller.id, world.productId) };
  };

  /** An approved sale through the link, bought with this e-mail from this address. */
  const approvedSale = async (ref: string, email: string, address: string) => {
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${world.productId}`,
      remoteAddress: address,
      headers: { origin: t.config.appUrl, 'user-agent': BUYER_AGENT },
      payload: { provider: 'transferencia', ref, quantity: 1, buyer: { ...BUYER, email } },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order_id as string;
    expect((await moveOrder(t, orderId, 'approved')).kind).toBe('changed');
    return orderId;
  };

  it('leaves a seller banned for fraud out of a new batch, and pays the other seller', async () => {
    const fraud = await sellerWithBank('Nora Fraude');
    const honest = await sellerWithBank('Hugo Honesto');
    // The fraudulent seller also has an honest sale: money that stays theirs after the clawback.
    await approvedSale(fraud.ref, 'cliente.nora@example.com', '10.3.0.1');
    await approvedSale(fraud.ref, fraud.seller.email, '10.3.0.2');
    await approvedSale(honest.ref, 'cliente.hugo@example.com', '10.3.0.3');
    const owed = (await as(world.company, 'GET', '/api/company/settlements')).json().balance_cents;
    await companyPays(t, admin, world.company, owed, 'TRF-FRAUDE-1');

    const flags = (await as(admin, 'GET', `/api/admin/risk?seller_id=${fraud.seller.id}`)).json();
    expect(flags.items).toMatchObject([{ kind: 'self_purchase', status: 'open' }]);
    const confirmed = await as(admin, 'POST', `/api/admin/risk/${flags.items[0].id}/resolve`, {
      decision: 'confirm',
      note: 'Compra propia para cobrar comisión.',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      resolution: { reversed_cents: SELLER_CUT },
    });

    // No flag is open any more: only the ban keeps the fraudulent seller's money back.
    const listed = (await as(admin, 'GET', '/api/admin/payouts')).json().sellers as {
      seller_id: string;
      available_cents: number;
      blocked_reason: string | null;
    }[];
    expect(listed.find((row) => row.seller_id === fraud.seller.id)).toMatchObject({
      available_cents: SELLER_CUT,
      blocked_reason: PAYOUT_BLOCKED_REASONS.banned,
    });
    expect(listed.find((row) => row.seller_id === honest.seller.id)).toMatchObject({
      available_cents: SELLER_CUT,
      blocked_reason: null,
    });

    const batch = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(batch.statusCode, batch.body).toBe(201);
    const batchId = batch.json().batches[0].id as number;
    const paid = await t.db
      .select({ sellerId: payouts.sellerId, amountCents: payouts.amountCents })
      .from(payouts)
      .where(eq(payouts.batchId, batchId));
    expect(paid).toEqual([{ sellerId: honest.seller.id, amountCents: SELLER_CUT }]);
    // The ban still holds them afterwards: they stay listed with their money, out of any batch.
    const after = (await as(admin, 'GET', '/api/admin/payouts')).json().sellers as {
      seller_id: string;
      blocked_reason: string | null;
    }[];
    expect(after.map((row) => [row.seller_id, row.blocked_reason])).toEqual([
      [fraud.seller.id, PAYOUT_BLOCKED_REASONS.banned],
    ]);
    expect((await as(admin, 'POST', '/api/admin/payouts/batches')).statusCode).toBe(409);
  });
});
