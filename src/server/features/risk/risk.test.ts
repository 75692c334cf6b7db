import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RISK_MESSAGES } from '@shared/risk/risk.schema';
import { PAYOUT_BLOCKED_REASONS } from '@shared/settlements/settlements.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  BUYER,
  BUYER_AGENT,
  callAs,
  companyPays,
  createPayWorld,
  ledgerOf,
  moveOrder,
  PAY_WORLD_SALE,
  VALID_CBU,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { emailOutbox } from '../notifications/notifications.table';
import { findOrder } from '../orders/orders.service';
import { linkCodeFor } from '../orders/seller-links.service';
import { ledgerEntries } from '../settlements/ledger.table';
import { payouts } from '../settlements/payouts.table';
import { raiseRisk } from './risk-signals';
import { riskFlags } from './risk.table';

/** A second CBU with valid check digits. */
const OTHER_CBU = '2850590940090418135201';
const SELLER_CUT = PAY_WORLD_SALE.sellerCents;
const PHONE_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Flag {
  id: number;
  seller: { id: string; name: string; email: string };
  kind: string;
  status: string;
  count: number;
  events: { at: string; order_id?: string; order_reference?: string; detail: string }[];
  resolution: null | { decision: string; note: string; by_name: string; reversed_cents: number };
}

describe('risk center: signals, the payout hold and the admin’s decision', () => {
  let t: TestApp;
  let world: PayWorld;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    callAs(t, user, method, url, payload);

  /** A seller of their own with a link to the world's product. */
  const newSeller = async (name: string) => {
    const seller = await createUser(t.app, { role: 'seller', name });
    return { seller, ref: await linkCodeFor(t.db, seller.id, world.productId) };
  };

  /** An order through a link: its id (a flag never stops it). */
  const order = async (
    ref: string,
    options: { email?: string; address?: string; agent?: string } = {},
  ) => {
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${world.productId}`,
      remoteAddress: options.address ?? '127.0.0.1',
      headers: { origin: t.config.appUrl, 'user-agent': options.agent ?? BUYER_AGENT },
      payload: {
        provider: 'transferencia',
        ref,
        quantity: 1,
        buyer: { ...BUYER, email: options.email ?? BUYER.email },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return placed.json().order_id as string;
  };

  const flagsOf = async (sellerId: string, status = 'open'): Promise<Flag[]> => {
    const list = await as(admin, 'GET', `/api/admin/risk?status=${status}&seller_id=${sellerId}`);
    expect(list.statusCode, list.body).toBe(200);
    return list.json().items as Flag[];
  };

  const payoutsTo = async (sellerId: string) =>
    (
      await t.db
        .select({ amount: payouts.amountCents })
        .from(payouts)
        .where(eq(payouts.sellerId, sellerId))
    ).map((row) => row.amount);

  const resolve = (flagId: number, decision: 'dismiss' | 'confirm', note = 'Revisado.') =>
    as(admin, 'POST', `/api/admin/risk/${flagId}/resolve`, { decision, note });

  beforeAll(async () => {
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      RISK_VELOCITY_ORDERS_PER_HOUR: '2',
      // Every seller here signs in from one address.
      AUTH_RATE_LIMIT: '1000',
      RISK_REFUND_RATE_BPS: '2000',
      RISK_REFUND_MIN_SALES: '5',
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '1',
    });
    world = await createPayWorld(t, { stock: 500 });
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
  });
  afterAll(() => t.close());

  it('self_purchase: the buyer wrote the seller’s own e-mail (any case, a +tag); another buyer is not flagged', async () => {
    const { seller, ref } = await newSeller('Carla Propia');
    await order(ref, { email: 'cliente.cualquiera@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);

    const [local, domain] = seller.email.split('@');
    const own = await order(ref, { email: `${local!.toUpperCase()}+regalo@${domain}` });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({
      kind: 'self_purchase',
      status: 'open',
      count: 1,
      seller: { id: seller.id, name: 'Carla Propia' },
      events: [{ order_id: own, order_reference: expect.stringMatching(/^VM-/) }],
    });
    // The evidence masks the buyer's address.
    expect(flag!.events[0]!.detail).toContain(`${local!.slice(0, 2)}***@${domain}`);
    expect(flag!.events[0]!.detail).not.toContain(local!);
  });

  it('self_purchase: the buyer used the browser and connection the seller’s panel was used from that day', async () => {
    const { seller, ref } = await newSeller('Diego Mismo');
    const panel = await t.app.inject({
      method: 'GET',
      url: '/api/seller/settings',
      remoteAddress: '10.20.30.40',
      headers: { cookie: seller.cookie, 'user-agent': PHONE_AGENT },
    });
    expect(panel.statusCode).toBe(200);
    await t.app.sellerSightings.settle();

    // Same address, another browser: someone else at the same place.
    await order(ref, { address: '10.20.30.40', email: 'vecino@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    // Same address and browser, under another name.
    const own = await order(ref, {
      address: '10.20.30.40',
      agent: PHONE_AGENT,
      email: 'otra.persona@example.com',
    });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'self_purchase', events: [{ order_id: own }] });
  });

  it('disposable_email: a buyer’s inbox on a disposable-domain list (mailchecker); a usual provider is not flagged', async () => {
    const { seller, ref } = await newSeller('Elena Descartable');
    await order(ref, { email: 'compradora@gmail.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    const disposable = await order(ref, { email: 'compradora@yopmail.com' });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'disposable_email', events: [{ order_id: disposable }] });
    expect(flag!.events[0]!.detail).toContain('co***@yopmail.com');
  });

  it('order_velocity: more orders than the threshold through one seller’s links from one address in an hour', async () => {
    const { seller, ref } = await newSeller('Fabián Ráfaga');
    await order(ref, { address: '10.9.9.1', email: 'uno@example.com' });
    await order(ref, { address: '10.9.9.1', email: 'dos@example.com' });
    // Others buying from elsewhere do not add up.
    await order(ref, { address: '10.9.9.2', email: 'tres@example.com' });
    expect(await flagsOf(seller.id)).toEqual([]);
    const third = await order(ref, { address: '10.9.9.1', email: 'cuatro@example.com' });
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'order_velocity', count: 1, events: [{ order_id: third }] });
    expect(flag!.events[0]!.detail).toContain('3 pedidos en una hora');
  });

  it('refund_rate: a refund past the share of approved sales, once the seller has the minimum', async () => {
    const { seller, ref } = await newSeller('Gabriela Reembolsos');
    const sales: string[] = [];
    for (let index = 0; index < 5; index += 1) {
      const id = await order(ref, {
        email: `venta${index}@example.com`,
        address: `10.8.0.${index}`,
      });
      await moveOrder(t, id, 'approved');
      sales.push(id);
    }
    // 1 of 5 is 20 %: not above the threshold.
    await moveOrder(t, sales[0]!, 'refunded');
    expect(await flagsOf(seller.id)).toEqual([]);
    await moveOrder(t, sales[1]!, 'refunded');
    const [flag] = await flagsOf(seller.id);
    expect(flag).toMatchObject({ kind: 'refund_rate', events: [{ order_id: sales[1] }] });
    expect(flag!.events[0]!.detail).toBe(
      '2 de 5 ventas aprobadas fueron reembolsadas (40 %; el máximo es 20 %).',
    );
  });

  it('duplicate_payout_details: a CBU another seller uses flags both; different details and unchanged ones do not', async () => {
    const first = await newSeller('Héctor Primero');
    const second = await newSeller('Inés Segunda');
    const third = await newSeller('Juan Tercero');
    const save = (user: CreatedUser, body: object) =>
      as(user, 'PATCH', '/api/seller/settings', body);
    expect(
      (await save(first.seller, { payment_method: 'bank', payment_details: { cbu: OTHER_CBU } }))
        .statusCode,
    ).toBe(200);
    await save(third.seller, { payment_method: 'bank', payment_details: { cbu: VALID_CBU } });
    expect(await flagsOf(first.seller.id)).toEqual([]);
    expect(await flagsOf(third.seller.id)).toEqual([]);

    // The same CBU, written with spaces.
    const spaced = `${OTHER_CBU.slice(0, 8)} ${OTHER_CBU.slice(8)}`;
    const saved = await save(second.seller, {
      payment_method: 'bank',
      payment_details: { cbu: spaced },
    });
    expect(saved.statusCode).toBe(200);
    const [mine] = await flagsOf(second.seller.id);
    const [theirs] = await flagsOf(first.seller.id);
    expect(mine).toMatchObject({ kind: 'duplicate_payout_details', count: 1 });
    expect(mine!.events[0]!.detail).toBe(
      `Guardó el CBU terminado en ${OTHER_CBU.slice(-4)}, que también usa Héctor Primero.`,
    );
    expect(theirs).toMatchObject({ kind: 'duplicate_payout_details', count: 1 });
    expect(theirs!.events[0]!.detail).toContain('Inés Segunda guardó el CBU');

    // Saving the province only does not raise it again.
    await save(second.seller, { province: 'Misiones' });
    expect((await flagsOf(second.seller.id))[0]!.count).toBe(1);
    expect(await flagsOf(third.seller.id)).toEqual([]);
  });

  it('sellers saving the same MercadoPago e-mail at once are all flagged (they take turns on the value)', async () => {
    const sellers = await Promise.all(
      ['Karina A', 'Lucas B', 'Mora C', 'Nahuel D'].map((name) => newSeller(name)),
    );
    const body = {
      payment_method: 'mercadopago',
      payment_details: { email: 'cobros.compartidos@example.com' },
    };
    const saved = await Promise.all(
      sellers.map(({ seller }) => as(seller, 'PATCH', '/api/seller/settings', body)),
    );
    expect(saved.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    for (const { seller } of sellers) {
      expect((await flagsOf(seller.id)).map((flag) => flag.kind)).toEqual([
        'duplicate_payout_details',
      ]);
    }
  });

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
