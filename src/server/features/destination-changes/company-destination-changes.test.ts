import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type CreatedUser } from '../../../../tests/factories/accounts';
import {
  companyCall,
  MP_TOKEN,
  STRIPE_PUBLISHABLE_KEY,
  STRIPE_SECRET_KEY,
  TRANSFER_CONFIG,
  uniqueCbu,
} from '../../../../tests/factories/pay-world';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { auditLog } from '../audit/audit.table';
import { methodWithSecrets } from '../payments/payment-methods.service';
import { collectorIdOf, findProfile } from '../profiles/profiles.service';
import { destinationChanges } from './destination-changes.table';

const OTHER_MP_TOKEN = 'APP_USR-9999888877776666-020202-deadbeef-2026';

describe('a company changes where buyers pay it: the owner is told, and «No fui yo» puts the details back', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let company: CreatedUser;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
    companyCall(t, company, method, url, body);
  const publicPost = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { origin: t.config.appUrl }, payload });
  const methodId = async (provider: string) =>
    (
      (await call('GET', '/payment-methods')).json().items as { id: string; provider: string }[]
    ).find((item) => item.provider === provider)!.id;
  const changeMails = async () => {
    await t.app.outbox.drain();
    return sink.to(company.email).filter((mail) => /medio de cobro/.test(mail.subject));
  };
  const tokenOf = (mail: { links: string[] }) =>
    new URL(mail.links.find((url) => url.includes('/account/not-me'))!).searchParams.get('token')!;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url });
    company = await createUser(t.app, { role: 'company', company: 'Yerbatera Misionera SA' });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('creating or editing a method, or changing the collector id, is e-mailed and audited with the last 4 characters only', async () => {
    const created = await call('POST', '/payment-methods', {
      provider: 'transferencia',
      config: TRANSFER_CONFIG,
      is_active: true,
    });
    expect(created.statusCode).toBe(201);
    const [mail] = await changeMails();
    expect(mail!.subject).toBe('Cambió un medio de cobro de tu empresa en VendeMás');
    expect(mail!.body).toContain(
      'cambió «Transferencia» en la configuración de cobro de tu empresa.',
    );
    expect(mail!.body).toContain('Antes: Sin configurar');
    expect(mail!.body).toContain('Ahora: CBU terminado en 4569 (alias terminado en NERA)');
    expect(mail!.body).not.toContain(TRANSFER_CONFIG.cbu);
    expect(mail!.body).toContain('volveremos a poner los datos anteriores');

    // What moves no money tells nobody: the bank's name, a webhook secret, switching it off.
    await call('POST', '/payment-methods', {
      provider: 'stripe',
      config: { publishableKey: STRIPE_PUBLISHABLE_KEY, secretKey: STRIPE_SECRET_KEY },
      is_active: true,
    });
    const before = (await changeMails()).length;
    const stripe = await methodId('stripe');
    const transfer = await methodId('transferencia');
    for (const [id, body] of [
      [stripe, { config: { webhookSecret: 'whsec_nuevo_secreto_0000' } }],
      [transfer, { config: { bankName: 'Banco Galicia' } }],
      [transfer, { is_active: false }],
    ] as const) {
      expect((await call('PATCH', `/payment-methods/${id}`, body)).statusCode).toBe(200);
    }
    expect(await changeMails()).toHaveLength(before);

    expect(
      (await call('PATCH', '/settings', { provider_collector_id: '555444333' })).statusCode,
    ).toBe(200);
    const collector = (await changeMails()).at(-1)!;
    expect(collector.body).toContain('Antes: Sin ID de Cobrador');
    expect(collector.body).toContain('Ahora: ID de Cobrador terminado en 4333');
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'company.payment_method_changed'),
          eq(auditLog.targetId, company.id),
        ),
      );
    expect(entries.map((entry) => entry.after)).toEqual([
      { subject: 'Transferencia', destination: 'CBU terminado en 4569 (alias terminado en NERA)' },
      { subject: 'Stripe', destination: 'Clave secreta terminada en 0000' },
      { subject: 'ID de Cobrador', destination: 'ID de Cobrador terminado en 4333' },
    ]);
    expect(JSON.stringify(entries)).not.toContain(STRIPE_SECRET_KEY);
  });

  it('«No fui yo» puts back the disowned change and every later one (sealed secrets included), signs the company out and asks for a new password', async () => {
    await call('POST', '/payment-methods', {
      provider: 'mercadopago',
      config: { accessToken: MP_TOKEN },
      is_active: true,
    });
    const stolenCbu = uniqueCbu();
    // The thief's session: a CBU of theirs, their MercadoPago token and collector id.
    const transfer = await methodId('transferencia');
    expect(
      (await call('PATCH', `/payment-methods/${transfer}`, { config: { cbu: stolenCbu } }))
        .statusCode,
    ).toBe(200);
    const disowned = (await changeMails()).at(-1)!;
    expect(disowned.body).toContain(`Ahora: CBU terminado en ${stolenCbu.slice(-4)}`);
    const mp = await methodId('mercadopago');
    await call('PATCH', `/payment-methods/${mp}`, { config: { accessToken: OTHER_MP_TOKEN } });
    await call('PATCH', '/settings', { provider_collector_id: '111222333' });
    const later = (await changeMails()).at(-1)!;

    const answered = await publicPost('/api/account/not-me', { token: tokenOf(disowned) });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({
      account: 'company',
      signed_out: true,
      payouts_held: false,
      password_reset_sent: true,
      restored: [
        'ID de Cobrador: ID de Cobrador terminado en 4333',
        'MercadoPago: Access token terminado en 2026',
        'Transferencia: CBU terminado en 4569 (alias terminado en NERA)',
      ],
    });
    const bank = await methodWithSecrets(t.db, t.app.secretBox, company.id, 'transferencia');
    expect(bank?.config.cbu).toBe(TRANSFER_CONFIG.cbu);
    expect(bank?.id).toBe(transfer);
    const token = await methodWithSecrets(t.db, t.app.secretBox, company.id, 'mercadopago');
    expect(token?.secrets.accessToken).toBe(MP_TOKEN);
    expect(collectorIdOf((await findProfile(t.db, company.id))!)).toBe('555444333');
    expect((await call('GET', '/payment-methods')).statusCode).toBe(401);
    expect(
      sink.to(company.email).some((mail) => /Restablece tu contraseña/.test(mail.subject)),
    ).toBe(true);

    // The later changes' links were spent with it; the earlier ones still work.
    expect((await publicPost('/api/account/not-me', { token: tokenOf(later) })).statusCode).toBe(
      409,
    );
    const [first] = await changeMails();
    expect(
      (await publicPost('/api/account/not-me/preview', { token: tokenOf(first!) })).json(),
    ).toMatchObject({ account: 'company', subject: 'Transferencia', before: 'Sin configurar' });
  });

  it('disowning the removal of a method brings it back with the same secrets', async () => {
    // Signed in again (the password did not change here).
    company = { ...company, cookie: await signIn(t.app, company.email, company.password) };
    const mp = await methodId('mercadopago');
    expect((await call('DELETE', `/payment-methods/${mp}`)).statusCode).toBe(204);
    const removal = (await changeMails()).at(-1)!;
    expect(removal.body).toContain('Antes: Access token terminado en 2026');
    expect(removal.body).toContain('Ahora: Sin configurar');
    expect((await publicPost('/api/account/not-me', { token: tokenOf(removal) })).statusCode).toBe(
      200,
    );
    const back = await methodWithSecrets(t.db, t.app.secretBox, company.id, 'mercadopago');
    expect(back).toMatchObject({ id: mp, secrets: { accessToken: MP_TOKEN } });
    const rows = await t.db
      .select()
      .from(destinationChanges)
      .where(eq(destinationChanges.userId, company.id));
    expect(rows.at(-1)!.restoredAt).not.toBeNull();
  });
});
