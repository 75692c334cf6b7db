import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { sessions } from '../auth/auth.table';

const CONNECT = '/api/company/payment-methods/mercadopago/connect';
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('the MercadoPago connect address opened in a browser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      MERCADOPAGO_CLIENT_ID: '8841277391',
      MERCADOPAGO_CLIENT_SECRET: 'platform-app-secret-2026',
      MERCADOPAGO_WEBHOOK_SECRET: 'platform-webhook-secret-2026',
    });
  });
  afterAll(() => t.close());

  const visit = (cookie: string | undefined, accept = BROWSER) =>
    t.app.inject({
      method: 'GET',
      url: CONNECT,
      headers: { accept, ...(cookie ? { cookie } : {}) },
    });

  it('goes to Pasarelas de Pago when refused, rather than answering raw JSON', async () => {
    const company = await createUser(t.app, { role: 'company', company: 'Navegador SA' });
    const seller = await createUser(t.app, { role: 'seller' });
    // The password check lapsed: the page's button asks for it, then starts the connection.
    await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000), verifiedAt: null })
      .where(eq(sessions.userId, company.id));
    for (const cookie of [company.cookie, seller.cookie, undefined]) {
      const response = await visit(cookie);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/company/payment-gateways');
    }
    // An API client still reads the error.
    const api = await visit(company.cookie, 'application/json');
    expect(api.statusCode).toBe(403);
    expect(api.json().error.code).toBe('REAUTH_REQUIRED');
  });

  it('still starts the connection for a company that just confirmed its password', async () => {
    const company = await createUser(t.app, { role: 'company', company: 'Recién Verificada SA' });
    const response = await visit(company.cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/\/authorization\?client_id=8841277391&/);
  });
});
