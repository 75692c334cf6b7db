import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mercadoPagoConnectFixture,
  APP,
} from '../../../../tests/factories/mercadopago-connect-fixture';
import { MERCADOPAGO_CONNECT_MESSAGES } from '@shared/payments/payment-methods.schema';
import { type FakeMercadoPago } from '../../../../tests/fakes/payment-providers';
import { createUser } from '../../../../tests/factories/accounts';
import {
  buy,
  companyCall,
  PAY_WORLD_SALE,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { emailOutbox, notifications } from '../notifications/notifications.table';
import { companyBalance, sellerBalance } from '../settlements/balances.service';
import { ledgerEntries } from '../settlements/ledger.table';
import { companyPaymentMethods, oauthStates } from '../payments/payment-methods.table';

/** $ 10.000 at 10 %: the buyer pays $ 11.000; $ 1.000 of it is the platform's fee. */
const FEE_CENTS = 100_000;

describe('companies connect MercadoPago and every payment splits itself (API.md "Commission at the source")', () => {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let world: PayWorld;
  const {
    startConnect,
    lastDestinationMail,
    callback,
    mercadoPagoMethod,
    webhook,
    sale,
    orderRow,
  } = mercadoPagoConnectFixture((made) => ({ t, mp, world } = made));

  it('sends the company to authorize the platform application, with a state of its own', async () => {
    const { location, state } = await startConnect();
    expect(location.origin).toBe(mp.url);
    expect(location.pathname).toBe('/authorization');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: APP.clientId,
      response_type: 'code',
      platform_id: 'mp',
      state,
      redirect_uri: `${t.config.appUrl}/api/company/payment-methods/mercadopago/callback`,
    });
    expect(state.length).toBeGreaterThanOrEqual(40);
    // Only its hash is kept.
    const stored = await t.db.select().from(oauthStates);
    expect(JSON.stringify(stored)).not.toContain(state);
  });

  it('stores nothing for a missing, unknown, reused, expired or another company’s state', async () => {
    const other = await createUser(t.app, { role: 'company', company: 'Otra SA' });
    const redirectUri = `${t.config.appUrl}/api/company/payment-methods/mercadopago/callback`;

    const missing = await callback('code=abc');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MERCADOPAGO_CONNECT_MESSAGES.stateInvalid);
    expect((await callback('code=abc&state=forged-state')).statusCode).toBe(400);

    // Company A's state, brought back by company B.
    const mine = await startConnect();
    const code = mp.authorize({ state: mine.state, redirect_uri: redirectUri });
    expect((await callback(`code=${code}&state=${mine.state}`, other)).statusCode).toBe(400);
    expect(await mercadoPagoMethod(other.id)).toBeUndefined();

    // An expired one.
    const late = await startConnect();
    await t.db
      .update(oauthStates)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(isNull(oauthStates.usedAt));
    const lateCode = mp.authorize({ state: late.state, redirect_uri: redirectUri });
    expect((await callback(`code=${lateCode}&state=${late.state}`)).statusCode).toBe(400);
    // The pasted token is still what company A uses.
    expect((await mercadoPagoMethod())!.connection).toBe('token');

    // A browser coming back with a bad state reads a page, not JSON.
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/company/payment-methods/mercadopago/callback?code=x&state=y',
      headers: { cookie: world.company.cookie, accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Volver a Pasarelas de Pago');
  });

  it('exchanges the code, keeps the tokens sealed and answers the method without them', async () => {
    const { state } = await startConnect();
    const code = mp.authorize({
      state,
      redirect_uri: `${t.config.appUrl}/api/company/payment-methods/mercadopago/callback`,
    });
    const response = await callback(`code=${code}&state=${state}`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/company/payment-gateways?connected=mercadopago');
    const exchange = mp.requests.find((request) => request.path === '/oauth/token')!;
    expect(Object.fromEntries(new URLSearchParams(exchange.body))).toMatchObject({
      client_id: APP.clientId,
      client_secret: APP.clientSecret,
      grant_type: 'authorization_code',
      code,
    });

    const account = [...mp.accounts.values()].at(-1)!;
    const listed = await companyCall(t, world.company, 'GET', '/payment-methods');
    const method = listed
      .json()
      .items.find((item: { provider: string }) => item.provider === 'mercadopago');
    expect(method).toMatchObject({
      provider: 'mercadopago',
      connection: 'oauth',
      collector_id: String(account.userId),
      status: 'connected',
      is_active: true,
    });
    expect(method.connected_at).toEqual(expect.any(String));
    expect(listed.body).not.toContain(account.accessToken);
    expect(listed.body).not.toContain(account.refreshToken);
    const row = (await mercadoPagoMethod())!;
    expect(row.sealedSecrets).not.toContain(account.accessToken);
    // The owner is told where buyers' MercadoPago payments now go, with 'No fui yo'.
    expect(await lastDestinationMail()).toMatchObject({
      subject: 'MercadoPago',
      before: 'Access token terminado en 2026',
      after: `Cuenta conectada terminada en ${String(account.userId).slice(-4)}`,
    });

    // The state was spent: coming back with it again changes nothing.
    expect((await callback(`code=${code}&state=${state}`)).statusCode).toBe(400);
    // Its credentials are MercadoPago's: they are not edited by hand.
    const edit = await companyCall(t, world.company, 'PATCH', `/payment-methods/${row.id}`, {
      config: { accessToken: 'APP_USR-pasted' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('creates every preference with the connected token and the whole commission as marketplace_fee', async () => {
    const account = [...mp.accounts.values()].at(-1)!;
    const { preference } = await sale();
    expect(preference.accessToken).toBe(account.accessToken);
    expect(preference.marketplace_fee).toBe(FEE_CENTS / 100);
  });

  it('a split payment is collected at the source: the company owes nothing for it, the seller is paid after the hold', async () => {
    // An earlier sale by transfer the company still owes (it has paid nothing).
    const transfer = await buy(t, world.productId, { provider: 'transferencia', ref: world.ref });
    const owedId = transfer.json().order_id as string;
    expect(
      (await companyCall(t, world.company, 'POST', `/orders/${owedId}/confirm-transfer`))
        .statusCode,
    ).toBe(200);

    const { orderId, preference } = await sale();
    const payment = mp.pay(preference.id);
    // Signed with the platform application's secret, as connected accounts' notifications are.
    expect((await webhook(payment.id)).statusCode).toBe(200);
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'approved', collectedAtSource: true });
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId));
    expect(
      entries.map((entry) => [entry.party, entry.amountCents, entry.collected]).sort(),
    ).toEqual([
      ['platform', FEE_CENTS - PAY_WORLD_SALE.sellerCents, true],
      ['seller', PAY_WORLD_SALE.sellerCents, true],
    ]);
    expect(await companyBalance(t.db, { kind: 'company', id: world.company.id })).toMatchObject({
      owedCents: FEE_CENTS,
      balanceCents: FEE_CENTS,
      collectedCents: FEE_CENTS,
    });
    const hold = t.config.pay.settlementHoldDays;
    const seller = { kind: 'seller', id: world.seller.id } as const;
    expect((await sellerBalance(t.db, seller, hold)).availableCents).toBe(0);
    const later = new Date(Date.now() + (hold + 1) * 86_400_000);
    // The collected share is payable after the hold; the owed one waits for the company's payment.
    expect(await sellerBalance(t.db, seller, hold, later)).toMatchObject({
      availableCents: PAY_WORLD_SALE.sellerCents,
      pendingCents: PAY_WORLD_SALE.sellerCents,
    });

    // The company's statement lists it as collected, not owed.
    const month = new Date().toISOString().slice(0, 7);
    const statement = (await companyCall(t, world.company, 'GET', `/settlements/${month}`)).json();
    expect(statement.owed_cents).toBe(FEE_CENTS);
    expect(statement.collected_cents).toBe(FEE_CENTS);
    expect(statement.closing_cents).toBe(FEE_CENTS);
    expect(statement.lines).toEqual([
      expect.objectContaining({ order_id: owedId, kind: 'accrual', total_cents: FEE_CENTS }),
      expect.objectContaining({ order_id: orderId, kind: 'collected', total_cents: FEE_CENTS }),
    ]);
    // Its order says so too.
    const listed = (await companyCall(t, world.company, 'GET', '/orders')).json();
    expect(
      listed.items.find((item: { id: string }) => item.id === orderId).collected_at_source,
    ).toBe(true);

    // The company's CSV of orders says which ones were collected at the source.
    const csv = (await companyCall(t, world.company, 'GET', '/orders/export.csv')).body;
    const header = csv
      .split(/\r?\n/)[0]!
      .replace(/^\uFEFF/, '')
      .split(';');
    const column = header.indexOf('Comisión cobrada en origen');
    expect(column).toBeGreaterThan(0);
    const rowOf = (reference: string) =>
      csv
        .split(/\r?\n/)
        .find((line) => line.includes(reference))!
        .split(';');
    const collectedOrder = await orderRow(orderId);
    const owedOrder = await orderRow(owedId);
    expect(rowOf(collectedOrder.externalReference)[column]).toBe('Sí');
    expect(rowOf(owedOrder.externalReference)[column]).toBe('No');

    // A refund returns the fee with the payment: the ledger reverses what was collected.
    mp.setStatus(payment.id, 'refunded');
    expect((await webhook(payment.id)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect(await companyBalance(t.db, { kind: 'company', id: world.company.id })).toMatchObject({
      owedCents: FEE_CENTS,
      collectedCents: 0,
    });
    expect(await sellerBalance(t.db, seller, hold, later)).toMatchObject({
      availableCents: 0,
      pendingCents: PAY_WORLD_SALE.sellerCents,
    });
  });

  it('does not apply a payment whose fee is not the order’s commission, nor a notification signed with another secret', async () => {
    const { orderId, preference } = await sale();
    const short = mp.pay(preference.id, { fee: 10 });
    expect((await webhook(short.id)).statusCode).toBe(200);
    expect((await orderRow(orderId)).status).toBe('pending_payment');
    const right = mp.pay(preference.id);
    expect((await webhook(right.id, 'some-other-secret')).statusCode).toBe(400);
    expect((await orderRow(orderId)).status).toBe('pending_payment');
  });

  it('renews a token about to run out with the refresh token, once', async () => {
    const before = (await mercadoPagoMethod())!;
    await t.db
      .update(companyPaymentMethods)
      .set({ tokenExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(companyPaymentMethods.id, before.id));
    const account = [...mp.accounts.values()].at(-1)!;
    const oldToken = account.accessToken;
    const { preference } = await sale();
    const refreshes = mp.requests.filter(
      (request) =>
        request.path === '/oauth/token' && request.body.includes('grant_type=refresh_token'),
    );
    expect(refreshes).toHaveLength(1);
    const renewed = mp.accounts.get(account.userId)!;
    expect(renewed.accessToken).not.toBe(oldToken);
    expect(preference.accessToken).toBe(renewed.accessToken);
    const after = (await mercadoPagoMethod())!;
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
    // Not due any more: the next sale asks for nothing.
    await sale();
    expect(
      mp.requests.filter(
        (request) =>
          request.path === '/oauth/token' && request.body.includes('grant_type=refresh_token'),
      ),
    ).toHaveLength(1);
  });

  it('a refused renewal breaks the connection, tells the company once, and its links offer its other methods', async () => {
    const method = (await mercadoPagoMethod())!;
    mp.revoke(Number(method.accountId));
    await t.db
      .update(companyPaymentMethods)
      .set({ tokenExpiresAt: new Date(Date.now() + 86_400_000) })
      .where(eq(companyPaymentMethods.id, method.id));

    const refused = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
    expect(refused.statusCode).toBe(409);
    expect((await mercadoPagoMethod())!.connectionStatus).toBe('broken');
    expect((await buy(t, world.productId, { provider: 'mercadopago' })).statusCode).toBe(409);

    const bell = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, world.company.id),
          eq(notifications.kind, 'company_connection_broken'),
        ),
      );
    expect(bell).toHaveLength(1);
    expect(bell[0]!.body).toBe(MERCADOPAGO_CONNECT_MESSAGES.broken);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'company_connection_broken'));
    expect(mails).toHaveLength(1);

    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${world.productId}?ref=${world.ref}`,
      })
    ).json();
    expect(page.methods.map((m: { provider: string }) => m.provider)).toEqual([
      'stripe',
      'transferencia',
    ]);
    const listed = (await companyCall(t, world.company, 'GET', '/payment-methods')).json();
    expect(
      listed.items.find((item: { provider: string }) => item.provider === 'mercadopago').status,
    ).toBe('broken');
  });

  it('disconnecting forgets the tokens; a second disconnect is a 404', async () => {
    const response = await companyCall(
      t,
      world.company,
      'DELETE',
      '/payment-methods/mercadopago/connection',
    );
    expect(response.statusCode).toBe(204);
    expect(await mercadoPagoMethod()).toBeUndefined();
    expect(await lastDestinationMail()).toMatchObject({
      subject: 'MercadoPago',
      after: 'Sin configurar',
    });
    expect(
      (await companyCall(t, world.company, 'DELETE', '/payment-methods/mercadopago/connection'))
        .statusCode,
    ).toBe(404);
  });

  it('only a company may connect, and only when the platform has its MercadoPago application', async () => {
    const seller = await t.app.inject({
      method: 'GET',
      url: '/api/company/payment-methods/mercadopago/connect',
      headers: { cookie: world.seller.cookie },
    });
    expect(seller.statusCode).toBe(403);
    const plain = await createTestApp();
    try {
      const company = await createUser(plain.app, { role: 'company', company: 'Sin App SA' });
      const response = await companyCall(
        plain,
        company,
        'GET',
        '/payment-methods/mercadopago/connect',
      );
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(MERCADOPAGO_CONNECT_MESSAGES.unavailable);
    } finally {
      await plain.close();
    }
  });
});
