import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DATA_MESSAGES } from '@shared/bank-data';
import { PAYMENT_METHOD_MESSAGES } from '@shared/payments/payment-methods.schema';
import { createUser, type CreatedUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { activeMethodsOf, openSecrets } from './payment-methods.service';
import { companyPaymentMethods } from './payment-methods.table';

const MP_TOKEN = 'APP_USR-5555444433332222-111122-abcdefabcdef-9876';
const STRIPE_SECRET = 'sk_test_51SecretStripeKeyDoNotLeak4242';
const WEBHOOK_SECRET = 'whsec_SuperSecretWebhook7777';
const SECRETS = [MP_TOKEN, STRIPE_SECRET, WEBHOOK_SECRET, 'APP_USR-rotated-token-0001'];

describe('company payment methods /api/company/payment-methods', () => {
  let t: TestApp;
  let company: CreatedUser;
  let other: CreatedUser;
  const logLines: string[] = [];
  const answers: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({}, (config) => config, { logger: { level: 'trace', stream } });
    company = await createUser(t.app, { role: 'company' });
    other = await createUser(t.app, { role: 'company' });
  });
  afterAll(() => t.close());

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    user = company,
  ) {
    const response = await t.app.inject({
      method,
      url: `/api/company/payment-methods${url}`,
      headers: { origin: t.config.appUrl, cookie: user.cookie },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    answers.push(response.body);
    return response;
  }

  it('adds MercadoPago with its token sealed, showing only that it is set and its last 4', async () => {
    const response = await call('POST', '', {
      provider: 'mercadopago',
      config: { accessToken: MP_TOKEN, webhookSecret: WEBHOOK_SECRET },
      is_active: true,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      provider: 'mercadopago',
      is_active: true,
      config: {
        has_access_token: true,
        access_token_last4: '9876',
        has_webhook_secret: true,
        webhook_secret_last4: '7777',
      },
      webhook_url: `${t.config.appUrl}/api/webhooks/mercadopago/${company.id}`,
    });
    const [row] = await t.db
      .select()
      .from(companyPaymentMethods)
      .where(eq(companyPaymentMethods.id, response.json().id));
    expect(JSON.stringify(row)).not.toContain(MP_TOKEN);
    expect(openSecrets(t.app.secretBox, row!)).toEqual({
      accessToken: MP_TOKEN,
      webhookSecret: WEBHOOK_SECRET,
    });
  });

  it('answers 409 for a provider already configured', async () => {
    const response = await call('POST', '', {
      provider: 'mercadopago',
      config: { accessToken: MP_TOKEN },
      is_active: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(PAYMENT_METHOD_MESSAGES.alreadyConfigured);
  });

  it('checks Stripe keys and bank data with Spanish messages', async () => {
    const badStripe = await call('POST', '', {
      provider: 'stripe',
      config: { publishableKey: 'pk_test_abc12345', secretKey: 'no-es-una-clave' },
      is_active: true,
    });
    expect(badStripe.statusCode).toBe(400);
    expect(badStripe.json().error.message).toBe(PAYMENT_METHOD_MESSAGES.secretKeyInvalid);

    const bank = {
      bankName: 'Banco de la Nación Argentina',
      accountHolder: 'Yerbatera Misionera SA',
      cbu: '2850590940090418135201',
      alias: 'yerba.misionera',
      cuit: '30-50001091-2',
      instructions: 'Envía el comprobante por WhatsApp.',
    };
    const badCbu = await call('POST', '', {
      provider: 'transferencia',
      config: { ...bank, cbu: '2850590940090418135202' },
      is_active: true,
    });
    expect(badCbu.statusCode).toBe(400);
    expect(badCbu.json().error.message).toBe(BANK_DATA_MESSAGES.cbu);
    const badCuit = await call('POST', '', {
      provider: 'transferencia',
      config: { ...bank, cuit: '30-50001091-3' },
      is_active: true,
    });
    expect(badCuit.json().error.message).toBe(BANK_DATA_MESSAGES.cuit);

    const transfer = await call('POST', '', {
      provider: 'transferencia',
      config: bank,
      is_active: false,
    });
    expect(transfer.statusCode).toBe(201);
    expect(transfer.json()).toMatchObject({ is_active: false, config: bank, webhook_url: null });

    const stripe = await call('POST', '', {
      provider: 'stripe',
      config: { publishableKey: 'pk_test_51PublicKey', secretKey: STRIPE_SECRET },
      is_active: true,
    });
    expect(stripe.json().config).toEqual({
      publishableKey: 'pk_test_51PublicKey',
      has_secret_key: true,
      secret_key_last4: '4242',
      has_webhook_secret: false,
      webhook_secret_last4: null,
    });
    const list = (await call('GET', '')).json();
    expect(list.items.map((m: { provider: string }) => m.provider)).toEqual([
      'mercadopago',
      'transferencia',
      'stripe',
    ]);
  });

  it('stores and shows a CUIT with its dashes however it was typed, also one saved without them', async () => {
    const bank = {
      bankName: 'Banco de Córdoba',
      accountHolder: 'Dulces Ríos SRL',
      cbu: '2850590940090418135201',
      cuit: '30500010912',
    };
    const created = await call(
      'POST',
      '',
      { provider: 'transferencia', config: bank, is_active: true },
      other,
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    try {
      expect(created.json().config.cuit).toBe('30-50001091-2');
      // A row saved before CUITs were stored with dashes.
      const [row] = await t.db
        .select()
        .from(companyPaymentMethods)
        .where(eq(companyPaymentMethods.id, id));
      await t.db
        .update(companyPaymentMethods)
        .set({ publicConfig: { ...row!.publicConfig, cuit: '30500010912' } })
        .where(eq(companyPaymentMethods.id, id));
      const listed = (await call('GET', '', undefined, other)).json();
      expect(listed.items[0].config.cuit).toBe('30-50001091-2');
      const [active] = await activeMethodsOf(t.db, other.id);
      expect(active!.config.cuit).toBe('30-50001091-2');
    } finally {
      await call('DELETE', `/${id}`, undefined, other);
    }
  });

  it('keeps a secret left out on edit, replaces one given, and toggles the state', async () => {
    const { items } = (await call('GET', '')).json();
    const mp = items.find((m: { provider: string }) => m.provider === 'mercadopago');
    const kept = await call('PATCH', `/${mp.id}`, {
      config: { accessToken: '' },
      is_active: false,
    });
    expect(kept.json()).toMatchObject({ is_active: false, config: { access_token_last4: '9876' } });
    const replaced = await call('PATCH', `/${mp.id}`, {
      config: { accessToken: 'APP_USR-rotated-token-0001' },
    });
    expect(replaced.json().config).toMatchObject({
      access_token_last4: '0001',
      webhook_secret_last4: '7777',
    });
    const [row] = await t.db
      .select()
      .from(companyPaymentMethods)
      .where(eq(companyPaymentMethods.id, mp.id));
    expect(openSecrets(t.app.secretBox, row!).accessToken).toBe('APP_USR-rotated-token-0001');
    const bad = await call('PATCH', `/${mp.id}`, { config: { accessToken: 'corto' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PAYMENT_METHOD_MESSAGES.accessTokenRequired);
  });

  it("keeps other companies out of a company's methods", async () => {
    const { items } = (await call('GET', '')).json();
    const id = items[0].id as string;
    expect((await call('GET', `/${id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('PATCH', `/${id}`, { is_active: true }, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/${id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('GET', '', undefined, other)).json().items).toEqual([]);
  });

  it('deletes a method', async () => {
    const { items } = (await call('GET', '')).json();
    const id = items[0].id as string;
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/${id}`)).statusCode).toBe(404);
  });

  it('never lets a secret out, in an answer or a log line', () => {
    expect(logLines.length).toBeGreaterThan(10);
    for (const secret of SECRETS) {
      for (const body of answers) expect(body).not.toContain(secret);
      for (const line of logLines) expect(line).not.toContain(secret);
    }
  });
});
