import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../tests/factories/accounts';
import { buy, createPayWorld, type PayWorld } from '../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../tests/setup/test-app';
import { readInbox } from './features/mail/mailer';
import { passwordResetMail, verificationMail } from './features/mail/templates';
import { REDACTED } from './lib/log-redaction';
import { REQUEST_LOG_SERIALIZERS } from './request-log';

/**
 * API.md "Account security": the log never carries a secret. A password-reset
 * token read from a request log line once took over an account; the request
 * log, error lines and anything else written go through the same redaction.
 */
describe('a request’s log fields', () => {
  it('name the method, the URL without its secrets and the id, and no address or header', () => {
    const fields = REQUEST_LOG_SERIALIZERS.req({
      method: 'GET',
      url: '/update-password?token=abc123&from=mail',
      id: 'req-1',
      ip: '203.0.113.9',
      headers: { cookie: 'vendemas.session_token=s' },
    } as { method: string; url: string; id: string });
    expect(fields).toEqual({
      method: 'GET',
      url: `/update-password?token=${REDACTED}&from=mail`,
      id: 'req-1',
    });
  });
});

describe('the request log keeps no secret of a link', () => {
  let t: TestApp;
  let world: PayWorld;
  const lines: string[] = [];
  const log = () => lines.join('');

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp(
      {
        ...UNLIMITED_PAY_ENV,
        MERCADOPAGO_CLIENT_ID: '1234567890',
        MERCADOPAGO_CLIENT_SECRET: 'mp-app-secret-for-the-log-test',
        // Nothing listens there: the code exchange fails at once, and no real MercadoPago is asked.
        MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
      },
      (config) => config,
      { logger: { level: 'info', stream } },
    );
    world = await createPayWorld(t);
  });
  afterAll(() => t?.close());

  /** The secrets seen in this test: none may ever be written to the log. */
  const secrets: string[] = [];
  const visit = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { origin: t.config.appUrl, ...headers } });
  const linkIn = async (to: string, subject: string, page: string) => {
    const mail = (await readInbox(t.config.dataDir)).find(
      (entry) => entry.to === to && entry.subject === subject,
    );
    const link = mail?.links.find((url) => url.startsWith(`${t.config.appUrl}${page}?token=`));
    expect(link, `${subject} to ${to}`).toBeDefined();
    return new URL(link!);
  };

  it('writes the password-reset and confirmation tokens of their links as [redacted]', async () => {
    const user = await createUser(t.app, { role: 'seller', confirmed: false, signIn: false });
    const confirm = await linkIn(user.email, verificationMail('', '').subject, '/auth/callback');
    const confirmToken = confirm.searchParams.get('token')!;
    secrets.push(confirmToken);
    await visit(`${confirm.pathname}${confirm.search}`);
    expect((await visit(`/api/auth/verify-email?token=${confirmToken}`)).statusCode).toBeLessThan(
      400,
    );

    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: t.config.appUrl },
      payload: { email: user.email, redirectTo: `${t.config.appUrl}/update-password` },
    });
    expect(requested.statusCode).toBe(200);
    const reset = await linkIn(user.email, passwordResetMail('', '').subject, '/update-password');
    const resetToken = reset.searchParams.get('token')!;
    secrets.push(resetToken);
    await visit(`${reset.pathname}${reset.search}`);
    // Better Auth's own form of the link, with the token in the path.
    await visit(`/api/auth/reset-password/${resetToken}?callbackURL=%2Fupdate-password`);

    for (const secret of secrets) expect(log()).not.toContain(secret);
    expect(log()).toContain(`/update-password?token=${REDACTED}`);
    expect(log()).toContain(`/api/auth/verify-email?token=${REDACTED}`);
    expect(log()).toContain(`/api/auth/reset-password/${REDACTED}?callbackURL=`);
  });

  it('writes a buyer’s order token and the payment providers’ return values as [redacted]', async () => {
    const order = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    expect(order.statusCode, order.body).toBe(201);
    const transfer = new URL(order.json().next.url as string, t.config.appUrl);
    const orderId = order.json().order_id as string;
    const token = transfer.searchParams.get('token')!;
    secrets.push(token);
    await visit(`${transfer.pathname}${transfer.search}`);
    expect((await visit(`/api/public/orders/${orderId}?token=${token}`)).statusCode).toBe(200);
    // As MercadoPago and Stripe send the buyer back to /success.
    const returned = {
      payment_id: '55512345678',
      collection_id: '55512345678',
      preference_id: '987654-aaaabbbb-cccc',
      merchant_order_id: '44412345678',
      external_reference: 'VM-LOGTEST1',
      payment_intent: 'pi_3LogTest',
      payment_intent_client_secret: 'pi_3LogTest_secret_LogTestSecret',
    };
    secrets.push(...Object.values(returned));
    const query = new URLSearchParams({ order: orderId, token, ...returned });
    await visit(`/success?${query}`);
    await visit(`/api/public/orders/${orderId}?${query}`);

    for (const secret of secrets) expect(log()).not.toContain(secret);
    expect(log()).toContain(`/api/public/orders/${orderId}?token=${REDACTED}`);
    expect(log()).toContain(`payment_intent_client_secret=${REDACTED}`);
  });

  it('writes an OAuth callback’s code and state as [redacted]', async () => {
    const started = await visit('/api/company/payment-methods/mercadopago/connect', {
      cookie: world.company.cookie,
    });
    const state = new URL(started.headers.location as string).searchParams.get('state');
    const code = 'TG-6f1f0a1b2c3d4e5f-oauth-code-for-the-log';
    expect(state).toBeTruthy();
    secrets.push(code, state!);
    // The code exchange fails (no MercadoPago here): the failure is logged too.
    await visit(`/api/company/payment-methods/mercadopago/callback?code=${code}&state=${state}`, {
      cookie: world.company.cookie,
    });

    for (const secret of secrets) expect(log()).not.toContain(secret);
    expect(log()).toContain(`/mercadopago/callback?code=${REDACTED}&state=${REDACTED}`);
    // Every request was logged, and each line is still JSON.
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
  });
});
