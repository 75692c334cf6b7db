import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '@shared/risk/risk.schema';
import { PAYOUT_BLOCKED_REASONS } from '@shared/settlements/settlements.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { type CreatedUser } from '../../../../tests/factories/accounts';
import {
  companyPays,
  ledgerOf,
  moveOrder,
  PAY_WORLD_SALE,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createRiskCenter, riskCenterSteps } from '../../../../tests/factories/risk-center';
import type { TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { emailOutbox } from '../notifications/notifications.table';
import { findOrder } from '../orders/orders.service';
import { ledgerEntries } from '../settlements/ledger.table';
import { raiseRisk } from './risk-signals';
import { riskFlags } from './risk.table';

const SELLER_CUT = PAY_WORLD_SALE.sellerCents;

describe('risk center: the payout hold and the admin’s decision', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;
  const { as, newSeller, order, flagsOf, payoutsTo, resolve } = riskCenterSteps(() => ({
    t,
    world,
    admin,
  }));

  beforeAll(async () => {
    ({ t, world, admin } = await createRiskCenter());
  });
  afterAll(() => t.close());

  it('holds a flagged seller out of payouts as “En revisión” until dismissed; the next batch pays them', async () => {
    const { seller, ref } = await newSeller('Mariana Retenida');
    await as(seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'mercadopago',
      payment_details: { email: 'mariana.cobros@example.com' },
    });
    const sale = await order(ref, { email: 'cliente.m@example.com', address: '10.7.0.1' });
    await moveOrder(t, sale, 'approved');
    const own = await order(ref, { email: seller.email, address: '10.7.0.2' });
    await moveOrder(t, own, 'approved');
    // The company pays all it owes, so the sales are payable.
    const owed = (await as(world.company, 'GET', '/api/company/settlements')).json().balance_cents;
    await companyPays(t, admin, world.company, owed, 'TRF-RIESGO-1');

    const listed = async () =>
      (
        (await as(admin, 'GET', '/api/admin/payouts')).json().sellers as {
          seller_id: string;
          blocked_reason: string | null;
          available_cents: number;
        }[]
      ).find((row) => row.seller_id === seller.id);
    expect(await listed()).toMatchObject({
      blocked_reason: PAYOUT_BLOCKED_REASONS.underReview,
      available_cents: 2 * SELLER_CUT,
    });
    // The seller sees the hold, not who raised it or why.
    const mine = (await as(seller, 'GET', '/api/seller/payouts')).json();
    expect(mine.blocked_reason).toBe('En revisión');
    expect(JSON.stringify(mine)).not.toContain('self_purchase');
    // Usuarios shows the open flag.
    const users = (await as(admin, 'GET', `/api/admin/users?role=seller&q=Mariana`)).json();
    expect(users.items[0]).toMatchObject({ id: seller.id, open_risk_flags: 1, banned: false });

    const batch = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect([201, 409]).toContain(batch.statusCode);
    expect(await payoutsTo(seller.id)).toEqual([]);

    const [flag] = await flagsOf(seller.id);
    const dismissed = await resolve(flag!.id, 'dismiss', 'Compra para un familiar, confirmada.');
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json()).toMatchObject({
      status: 'dismissed',
      resolution: {
        decision: 'dismiss',
        note: 'Compra para un familiar, confirmada.',
        by_name: 'Ana Admin',
      },
    });
    expect((await listed())?.blocked_reason).toBeNull();
    const next = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(next.statusCode).toBe(201);
    expect(await payoutsTo(seller.id)).toEqual([2 * SELLER_CUT]);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'risk.dismiss'), eq(auditLog.targetId, String(flag!.id))));
    expect(audit).toMatchObject({
      actorName: 'Ana Admin',
      targetType: 'risk_flag',
      before: { risk_status: 'open' },
      after: {
        signal: 'Compra propia',
        risk_status: 'dismissed',
        note: 'Compra para un familiar, confirmada.',
      },
    });
  });

  it('confirming fraud claws back the flagged orders’ commission to the cent, bans the seller and tells them', async () => {
    const { seller, ref } = await newSeller('Nicolás Fraude');
    const honest = await order(ref, { email: 'cliente.n@example.com', address: '10.6.0.1' });
    await moveOrder(t, honest, 'approved');
    const own = await order(ref, { email: seller.email, address: '10.6.0.2' });
    await moveOrder(t, own, 'approved');
    const [flag] = await flagsOf(seller.id);

    const confirmed = await resolve(flag!.id, 'confirm', 'Compra propia para sumar puntos.');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'confirmed',
      resolution: { decision: 'confirm', reversed_cents: SELLER_CUT },
    });
    // Only the flagged order, and only the seller's share: a clawback entry, nothing edited.
    const entries = await ledgerOf(t, own);
    expect(
      entries
        .filter((entry) => entry.party === 'seller')
        .map((entry) => [entry.kind, entry.amountCents]),
    ).toEqual([
      ['accrual', SELLER_CUT],
      ['clawback', -SELLER_CUT],
    ]);
    expect(entries.filter((entry) => entry.party === 'platform')).toHaveLength(1);
    expect((await ledgerOf(t, honest)).filter((entry) => entry.kind !== 'accrual')).toEqual([]);
    const earned = await t.db
      .select({ amount: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, seller.id));
    expect(earned.reduce((sum, entry) => sum + entry.amount, 0)).toBe(SELLER_CUT);

    // A later refund of the flagged order takes back the platform's share only.
    await moveOrder(t, own, 'refunded');
    const after = await ledgerOf(t, own);
    expect(after.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    expect(after.filter((entry) => entry.party === 'seller' && entry.kind === 'reversal')).toEqual(
      [],
    );
    // Approved again later, it earns the platform its share again, never the seller.
    expect((await moveOrder(t, own, 'approved')).kind).toBe('changed');
    const reapproved = await ledgerOf(t, own);
    expect(
      reapproved
        .filter((entry) => entry.party === 'seller')
        .reduce((sum, entry) => sum + entry.amountCents, 0),
    ).toBe(0);
    expect(reapproved.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(
      PAY_WORLD_SALE.owedCents - SELLER_CUT,
    );

    // Banned: signed out, cannot sign in, out of the ranking; told by e-mail.
    expect((await as(seller, 'GET', '/api/seller/settings')).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email: seller.email, password: seller.password },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(ACCOUNT_MESSAGES.accountSuspended);
    const ranking = (await as(admin, 'GET', '/api/admin/leaderboard')).json();
    expect(ranking.items.map((row: { seller_id: string }) => row.seller_id)).not.toContain(
      seller.id,
    );
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.userId, seller.id), eq(emailOutbox.kind, 'seller_account_suspended')),
      );
    expect(mails).toHaveLength(1);
    const users = (await as(admin, 'GET', `/api/admin/users?role=seller&q=Nicol`)).json();
    expect(users.items[0]).toMatchObject({ banned: true, open_risk_flags: 0 });

    // Their earned commission on honest sales is held, with the reason.
    const owed = (await as(world.company, 'GET', '/api/company/settlements')).json().balance_cents;
    if (owed > 0) await companyPays(t, admin, world.company, owed, 'TRF-RIESGO-2');
    const held = (await as(admin, 'GET', '/api/admin/payouts'))
      .json()
      .sellers.find((row: { seller_id: string }) => row.seller_id === seller.id);
    expect(held).toMatchObject({
      blocked_reason: PAYOUT_BLOCKED_REASONS.banned,
      available_cents: SELLER_CUT,
    });

    // Their link still sells, without a seller.
    const later = await order(ref, { email: 'otro.cliente@example.com', address: '10.6.0.3' });
    expect((await findOrder(t.db, later))?.sellerId).toBeNull();

    // Decided once: a second decision is refused.
    const again = await resolve(flag!.id, 'dismiss');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(RISK_MESSAGES.alreadyResolved);
    const listed = await flagsOf(seller.id, 'confirmed');
    expect(listed.map((row) => row.id)).toEqual([flag!.id]);
  });

  it('a confirmation and a refund of the same order at once take the seller’s share back once', async () => {
    const { seller, ref } = await newSeller('Olga Carrera');
    const own = await order(ref, { email: seller.email, address: '10.5.0.1' });
    await moveOrder(t, own, 'approved');
    const [flag] = await flagsOf(seller.id);
    const [confirmed] = await Promise.all([
      resolve(flag!.id, 'confirm', 'Compra propia.'),
      moveOrder(t, own, 'refunded'),
    ]);
    expect(confirmed.statusCode).toBe(200);
    const entries = await ledgerOf(t, own);
    const sellerNet = entries
      .filter((entry) => entry.party === 'seller')
      .reduce((sum, entry) => sum + entry.amountCents, 0);
    expect(sellerNet).toBe(0);
    expect(entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
  });

  it('two admins deciding the same flag at once: one decision stands', async () => {
    const { seller, ref } = await newSeller('Pablo Doble');
    await order(ref, { email: 'alguien@yopmail.com', address: '10.4.0.1' });
    const [flag] = await flagsOf(seller.id);
    const answers = await Promise.all([
      resolve(flag!.id, 'dismiss', 'Uno.'),
      resolve(flag!.id, 'confirm', 'Dos.'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(riskFlags).where(eq(riskFlags.id, flag!.id));
    const winner = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(row!.status).toBe(winner.status);
    const decisions = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(flag!.id)));
    expect(decisions).toHaveLength(1);
  });

  it('a flag lists its latest 50 events, newest first, and counts them all', async () => {
    const { seller } = await newSeller('Ramiro Muchos');
    const start = Date.parse('2026-11-01T12:00:00Z');
    await t.db.transaction(async (tx) => {
      for (let index = 0; index < 55; index += 1) {
        await raiseRisk(tx, {
          sellerId: seller.id,
          kind: 'order_velocity',
          at: new Date(start + index * 60_000),
          detail: `Evento ${index}`,
        });
      }
    });
    const [flag] = await flagsOf(seller.id);
    expect(flag!.count).toBe(55);
    expect(flag!.events).toHaveLength(50);
    expect(flag!.events[0]!.detail).toBe('Evento 54');
    expect(flag!.events.at(-1)!.detail).toBe('Evento 5');
  });

  it('only admins reach Riesgo; bad input gets a Spanish 4xx', async () => {
    const { seller } = await newSeller('Quique Curioso');
    expect((await as(seller, 'GET', '/api/admin/risk')).statusCode).toBe(403);
    expect((await as(world.company, 'GET', '/api/admin/risk')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/risk' })).statusCode).toBe(401);
    expect(
      (await as(seller, 'POST', '/api/admin/risk/1/resolve', { decision: 'dismiss', note: 'x' }))
        .statusCode,
    ).toBe(403);

    const badStatus = await as(admin, 'GET', '/api/admin/risk?status=todas');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.message).toContain(RISK_MESSAGES.statusInvalid);
    const noNote = await as(admin, 'POST', '/api/admin/risk/1/resolve', {
      decision: 'dismiss',
      note: '   ',
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().error.message).toContain(RISK_MESSAGES.noteRequired);
    const badDecision = await as(admin, 'POST', '/api/admin/risk/1/resolve', {
      decision: 'borrar',
      note: 'x',
    });
    expect(badDecision.statusCode).toBe(400);
    expect(badDecision.json().error.message).toContain(RISK_MESSAGES.decisionInvalid);
    const missing = await as(admin, 'POST', '/api/admin/risk/999999/resolve', {
      decision: 'dismiss',
      note: 'x',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(RISK_MESSAGES.flagNotFound);
    const notANumber = await as(admin, 'POST', '/api/admin/risk/abc/resolve', {
      decision: 'dismiss',
      note: 'x',
    });
    expect(notANumber.statusCode).toBe(400);
  });
});
