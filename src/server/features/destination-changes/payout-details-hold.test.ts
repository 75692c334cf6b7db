import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ME_MESSAGES } from '@shared/accounts/not-me.schema';
import { RISK_MESSAGES } from '@shared/risk/risk.schema';
import { payoutDetailsHoldReason } from '@shared/settlements/settlements.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  approvedSale,
  callAs,
  companyPays,
  createPayWorld,
  PAY_WORLD_SALE,
  uniqueCbu,
  VALID_CBU,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { emailOutbox, notifications } from '../notifications/notifications.table';
import { profiles } from '../profiles/profiles.table';
import { riskFlags } from '../risk/risk.table';
import { destinationChanges } from './destination-changes.table';

const HOUR = 3_600_000;

describe('a seller replaces their payout details: the payouts wait, the owner is told, and can answer «No fui yo»', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let world: PayWorld;
  let admin: CreatedUser;

  const as = (user: CreatedUser, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
    callAs(t, user, method, url, body);
  const saveCbu = (cbu: string, alias?: string) =>
    as(world.seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'bank',
      payment_details: { cbu, ...(alias ? { alias } : {}) },
    });
  const publicPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.appUrl }, payload });
  const sellerRow = async () =>
    (await t.db.select().from(profiles).where(eq(profiles.id, world.seller.id)))[0]!;
  const adminRow = async () =>
    (await as(admin, 'GET', '/api/admin/payouts'))
      .json()
      .sellers.find((seller: { seller_id: string }) => seller.seller_id === world.seller.id);
  /** The e-mails sent to the seller about payout details, newest last. */
  const changeMails = async () => {
    await t.app.outbox.drain();
    return sink.to(world.seller.email).filter((mail) => /datos de cobro/.test(mail.subject));
  };
  const tokenOf = (mail: { links: string[] }) => {
    const link = mail.links.find((url) => url.includes('/account/not-me'))!;
    expect(link.startsWith(`${t.config.appUrl}/account/not-me?token=`)).toBe(true);
    return new URL(link).searchParams.get('token')!;
  };
  /** Moves the seller's last change of details back in time (the hold runs from it). */
  const changedHoursAgo = (hours: number) =>
    t.db
      .update(profiles)
      .set({ payoutDetailsChangedAt: new Date(Date.now() - hours * HOUR) })
      .where(eq(profiles.id, world.seller.id));

  beforeAll(async () => {
    sink = await startSmtpSink();
    // No settlement hold and a $ 500 minimum: the seller's one sale is payable at once.
    t = await createTestApp({
      SMTP_URL: sink.url,
      ...UNLIMITED_PAY_ENV,
      SETTLEMENT_HOLD_DAYS: '0',
      PAYOUT_MINIMUM_CENTS: '50000',
    });
    world = await createPayWorld(t);
    admin = await createUser(t.app, { role: 'admin', name: 'Ana Admin' });
    await approvedSale(t, world);
    await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, 'TRF-1');
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('the first details saved are not held, but the owner is told, naming them by their last 4 characters only', async () => {
    expect((await saveCbu(VALID_CBU)).statusCode).toBe(200);
    expect(await adminRow()).toMatchObject({ blocked_reason: null, held_until: null });
    expect((await sellerRow()).payoutDetailsChangedAt).toBeNull();

    const [mail] = await changeMails();
    expect(mail!.subject).toBe('Cambiaron tus datos de cobro en VendeMás');
    expect(mail!.body).toContain('se cargaron los datos de cobro de tu cuenta.');
    expect(mail!.body).toContain('Antes: Sin datos de cobro');
    expect(mail!.body).toContain('Ahora: CBU terminado en 4569');
    expect(mail!.body).not.toContain(VALID_CBU);
    expect(mail!.body).toContain('No fui yo');
    // Only the token's hash is stored; the outbox keeps the link sealed.
    const token = tokenOf(mail!);
    const [change] = await t.db
      .select()
      .from(destinationChanges)
      .where(eq(destinationChanges.userId, world.seller.id));
    expect(change!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    const outbox = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'seller_payout_details_changed'));
    expect(JSON.stringify(outbox)).not.toContain(token);
    // The 7 days of the link.
    expect(change!.expiresAt.getTime() - change!.changedAt.getTime()).toBe(7 * 24 * HOUR);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seller.payout_details_changed'));
    expect(entry).toMatchObject({
      actorId: world.seller.id,
      targetType: 'seller',
      targetId: world.seller.id,
      before: { subject: 'Datos de cobro', destination: 'Sin datos de cobro' },
      after: { subject: 'Datos de cobro', destination: 'CBU terminado en 4569' },
    });
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, world.seller.id),
          eq(notifications.kind, 'seller_payout_details_changed'),
        ),
      );
    expect(bell).toMatchObject({ title: 'Cambiaron tus datos de cobro', link: '/seller/payouts' });
    expect(bell!.body).not.toContain(VALID_CBU);
  });

  it('saving the same details again, or only the province, holds nothing and tells nobody', async () => {
    const before = await t.db.select().from(destinationChanges);
    expect((await saveCbu(VALID_CBU)).statusCode).toBe(200);
    const province = await as(world.seller, 'PATCH', '/api/seller/settings', {
      province: 'Salta',
    });
    expect(province.statusCode).toBe(200);
    expect(await t.db.select().from(destinationChanges)).toHaveLength(before.length);
    expect(await changeMails()).toHaveLength(1);
    expect(await adminRow()).toMatchObject({ blocked_reason: null, held_until: null });
  });

  it('replacing them holds every payout for 72 hours: the admin reads why, batches leave the seller out, Mis Cobros says until when', async () => {
    const cbu = uniqueCbu();
    expect((await saveCbu(cbu, 'nuevo.alias.mp')).statusCode).toBe(200);
    const changedAt = (await sellerRow()).payoutDetailsChangedAt!;
    expect(Date.now() - changedAt.getTime()).toBeLessThan(60_000);
    const until = new Date(changedAt.getTime() + 72 * HOUR);
    const reason = payoutDetailsHoldReason(changedAt, until);
    expect(reason).toMatch(
      /^Datos de cobro cambiados el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}; se podrá pagar desde el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
    expect(await adminRow()).toMatchObject({
      blocked_reason: reason,
      held_until: until.toISOString(),
      destination: { method: 'bank' },
    });
    const mine = (await as(world.seller, 'GET', '/api/seller/payouts')).json();
    expect(mine).toMatchObject({ held_until: until.toISOString(), blocked_reason: reason });
    const batch = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(batch.statusCode).toBe(409);

    const mail = (await changeMails()).at(-1)!;
    expect(mail.body).toContain('se cambiaron los datos de cobro de tu cuenta. Por seguridad');
    expect(mail.body).toContain('Antes: CBU terminado en 4569');
    expect(mail.body).toContain(
      `Ahora: CBU terminado en ${cbu.slice(-4)} (alias terminado en s.mp)`,
    );
    expect(mail.body).toContain('Pagos retenidos hasta');
    expect(mail.body).not.toContain(cbu);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'seller.payout_details_changed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry!.after).toMatchObject({ held_until: until.toISOString() });

    // Once the 72 hours are over the next batch pays the new details.
    await changedHoursAgo(73);
    expect(await adminRow()).toMatchObject({ blocked_reason: null, held_until: null });
    const paid = await as(admin, 'POST', '/api/admin/payouts/batches');
    expect(paid.statusCode).toBe(201);
    const mineAfter = (await as(world.seller, 'GET', '/api/seller/payouts')).json();
    expect(mineAfter.held_until).toBeNull();
    expect(mineAfter.items[0].destination.label).toContain(cbu);
  });

  it('«No fui yo» holds every payout of the seller, opens a risk flag, signs them out everywhere and e-mails a new-password link', async () => {
    await approvedSale(t, world);
    await companyPays(t, admin, world.company, PAY_WORLD_SALE.owedCents, 'TRF-2');
    const stolen = uniqueCbu();
    expect((await saveCbu(stolen)).statusCode).toBe(200);
    await changedHoursAgo(80); // the hold is over: only the owner's answer stops the payout now
    const token = tokenOf((await changeMails()).at(-1)!);

    // The page explains what changed before the owner confirms; asking changes nothing.
    const preview = await publicPost('/api/account/not-me/preview', { token });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      account: 'seller',
      subject: 'Datos de cobro',
    });
    expect(preview.json().after).toContain(`CBU terminado en ${stolen.slice(-4)}`);
    expect(await adminRow()).toMatchObject({ blocked_reason: null });

    // Signed out, from another browser.
    const confirmed = await publicPost('/api/account/not-me', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      account: 'seller',
      signed_out: true,
      restored: [],
      payouts_held: true,
      password_reset_sent: true,
    });
    expect((await as(world.seller, 'GET', '/api/seller/payouts')).statusCode).toBe(401);
    expect(await adminRow()).toMatchObject({ blocked_reason: RISK_MESSAGES.underReview });
    expect((await as(admin, 'POST', '/api/admin/payouts/batches')).statusCode).toBe(409);
    const flags = await t.db
      .select()
      .from(riskFlags)
      .where(and(eq(riskFlags.sellerId, world.seller.id), eq(riskFlags.status, 'open')));
    expect(flags.map((flag) => flag.kind)).toEqual(['payout_details_changed']);
    const [notMe] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account.not_me'));
    expect(notMe).toMatchObject({ targetId: world.seller.id, targetType: 'seller' });

    // The new password, through Better Auth's reset e-mail.
    const reset = sink.to(world.seller.email).find((mail) => /contraseña/.test(mail.subject))!;
    const resetToken = new URL(
      reset.links.find((url) => url.includes('/update-password'))!,
    ).searchParams.get('token')!;
    const chosen = await publicPost('/api/auth/reset-password', {
      token: resetToken,
      newPassword: 'otra-clave-segura-456',
    });
    expect(chosen.statusCode).toBe(200);

    // The link is spent: again, it changes nothing.
    const again = await publicPost('/api/account/not-me', { token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'NOT_ME_TOKEN_USED',
      message: NOT_ME_MESSAGES.tokenUsed,
    });
    expect(flags[0]!.eventCount).toBe(1);
    const [flag] = await t.db.select().from(riskFlags).where(eq(riskFlags.id, flags[0]!.id));
    expect(flag!.eventCount).toBe(1);

    // The admin cannot confirm a fraud of the seller's on it; dismissing releases the payouts.
    const confirm = await as(admin, 'POST', `/api/admin/risk/${flag!.id}/resolve`, {
      decision: 'confirm',
      note: 'Lo llamé por teléfono.',
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().error.message).toBe(RISK_MESSAGES.selfReported);
    const dismiss = await as(admin, 'POST', `/api/admin/risk/${flag!.id}/resolve`, {
      decision: 'dismiss',
      note: 'Recuperó la cuenta y volvió a cargar su CBU.',
    });
    expect(dismiss.statusCode).toBe(200);
    expect(await adminRow()).toMatchObject({ blocked_reason: null });
  });

  it('an unknown, expired or missing token is refused in Spanish and changes nothing', async () => {
    const unknown = await publicPost('/api/account/not-me', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'NOT_ME_TOKEN_INVALID',
      message: NOT_ME_MESSAGES.tokenInvalid,
    });
    const missing = await publicPost('/api/account/not-me', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(NOT_ME_MESSAGES.tokenMissing);

    const seller = await createUser(t.app, { role: 'seller', name: 'Olga Vencida' });
    await callAs(t, seller, 'PATCH', '/api/seller/settings', {
      payment_method: 'mercadopago',
      payment_details: { email: 'olga@example.com' },
    });
    await t.app.outbox.drain();
    const token = tokenOf(
      sink.to(seller.email).find((mail) => /datos de cobro/.test(mail.subject))!,
    );
    await t.db
      .update(destinationChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(destinationChanges.userId, seller.id));
    for (const url of ['/api/account/not-me', '/api/account/not-me/preview']) {
      const expired = await publicPost(url, { token });
      expect(expired.statusCode).toBe(410);
      expect(expired.json().error.message).toBe(NOT_ME_MESSAGES.tokenExpired);
    }
    expect((await callAs(t, seller, 'GET', '/api/seller/payouts')).statusCode).toBe(200);
    expect(await t.db.select().from(riskFlags).where(eq(riskFlags.sellerId, seller.id))).toEqual(
      [],
    );
  });
});
