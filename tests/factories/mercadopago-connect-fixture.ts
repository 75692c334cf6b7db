import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeMercadoPago, type FakeMercadoPago } from '../fakes/payment-providers';
import { buy, companyCall, createPayWorld, type PayWorld } from '../factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../setup/test-app';
import { emailOutbox } from '../../src/server/features/notifications/notifications.table';
import { orders } from '../../src/server/features/orders/orders.table';
import { signMercadoPagoWebhook } from '../../src/server/features/payments/mercadopago';
import { companyPaymentMethods } from '../../src/server/features/payments/payment-methods.table';

export const APP = { clientId: '8841277391', clientSecret: 'platform-app-secret-2026' };
export const PLATFORM_WEBHOOK_SECRET = 'platform-app-webhook-secret';

/**
 * A test app whose MercadoPago is a local fake of the platform's application (OAuth and notifications), with the pay world in it.
 * `ready` hands the test file its app, world and fake once they exist
 * (before the first test); the helpers use them too.
 */
export function mercadoPagoConnectFixture(
  ready: (made: { t: TestApp; mp: FakeMercadoPago; world: PayWorld }) => void,
) {
  let t: TestApp;
  let mp: FakeMercadoPago;
  let world: PayWorld;

  beforeAll(async () => {
    mp = await startFakeMercadoPago({ app: APP, webhookSecret: PLATFORM_WEBHOOK_SECRET });
    t = await createTestApp({
      ...UNLIMITED_PAY_ENV,
      MERCADOPAGO_API_URL: mp.url,
      MERCADOPAGO_AUTH_URL: mp.url,
      MERCADOPAGO_CLIENT_ID: APP.clientId,
      MERCADOPAGO_CLIENT_SECRET: APP.clientSecret,
      MERCADOPAGO_WEBHOOK_SECRET: PLATFORM_WEBHOOK_SECRET,
    });
    world = await createPayWorld(t);
    ready({ t, mp, world });
  });
  afterAll(async () => {
    await t.close();
    await mp.close();
  });

  /** Starts a connection as `company`; answers the state in the authorization address. */
  async function startConnect(company = world.company) {
    const response = await companyCall(t, company, 'GET', '/payment-methods/mercadopago/connect');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    return { location, state: location.searchParams.get('state')! };
  }
  /** What the latest e-mail about a change of the company's payment methods says. */
  const lastDestinationMail = async () => {
    const [mail] = await t.db
      .select({ payload: emailOutbox.payload })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.userId, world.company.id),
          eq(emailOutbox.kind, 'company_payment_method_changed'),
        ),
      )
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return mail?.payload;
  };
  const callback = (query: string, company = world.company) =>
    companyCall(t, company, 'GET', `/payment-methods/mercadopago/callback?${query}`);
  const mercadoPagoMethod = async (companyId = world.company.id) =>
    (
      await t.db
        .select()
        .from(companyPaymentMethods)
        .where(
          and(
            eq(companyPaymentMethods.companyId, companyId),
            eq(companyPaymentMethods.provider, 'mercadopago'),
          ),
        )
    )[0];
  function webhook(paymentId: number, secret = PLATFORM_WEBHOOK_SECRET) {
    const requestId = `req-${paymentId}-${Math.random().toString(16).slice(2)}`;
    return t.app.inject({
      method: 'POST',
      url: `/api/webhooks/mercadopago/${world.company.id}?data.id=${paymentId}&type=payment`,
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': signMercadoPagoWebhook(secret, {
          dataId: String(paymentId),
          requestId,
          ts: String(Math.floor(Date.now() / 1000)),
        }),
      },
      payload: JSON.stringify({ type: 'payment', data: { id: String(paymentId) } }),
    });
  }
  /** A buyer pays through the seller's link with MercadoPago; answers the order and its preference. */
  async function sale() {
    const response = await buy(t, world.productId, { provider: 'mercadopago', ref: world.ref });
    expect(response.statusCode, response.body).toBe(201);
    const orderId = response.json().order_id as string;
    const preferenceId = new URL(response.json().next.url as string).pathname.split('/').at(-1)!;
    return { orderId, preference: mp.preferences.get(preferenceId)! };
  }
  const orderRow = async (id: string) =>
    (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;

  return {
    startConnect,
    lastDestinationMail,
    callback,
    mercadoPagoMethod,
    webhook,
    sale,
    orderRow,
  };
}
