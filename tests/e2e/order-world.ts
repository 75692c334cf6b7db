import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import { confirmedCompany, expect } from './fixtures';

/** The order screens' world: a company taking transfers, buyers' orders, the demo admin. */

export const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
export const CBU = '0110599520000001234569';
export const unique = () => randomBytes(3).toString('hex');

/** A request context of its own (its own cookies) that sends the app's Origin, as a browser does. */
export function apiContext() {
  return playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
}

/** A confirmed, signed-in company that takes bank transfers, with one product. */
export async function companyWithProduct(options: {
  companyName: string;
  title: string;
  priceCents: number;
  commissionBps: number;
}) {
  const api = await apiContext();
  const company = await confirmedCompany(api, { companyName: options.companyName });
  const signedIn = await api.post('/api/auth/sign-in/email', {
    data: { email: company.address, password: company.password },
  });
  expect(signedIn.status()).toBe(200);
  const settings = await api.patch('/api/company/settings', {
    data: { provider_collector_id: '555444333' },
  });
  expect(settings.status()).toBe(200);
  const method = await api.post('/api/company/payment-methods', {
    data: {
      provider: 'transferencia',
      is_active: true,
      config: {
        bankName: 'Banco de la Nación Argentina',
        accountHolder: 'Ríos Hermanos SRL',
        cbu: CBU,
        cuit: '30-71234567-1',
      },
    },
  });
  expect(method.status(), await method.text()).toBe(201);
  const product = await api.post('/api/company/products', {
    data: {
      title: options.title,
      description: 'Hecho a mano.',
      price_cents: options.priceCents,
      // Room for two unpaid orders of 3 units: unpaid orders may hold half without a proof of work.
      stock: 20,
      category: 'Mates',
      is_active: true,
      commission_bps: options.commissionBps,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { api, ...company, productId: (await product.json()).id as string };
}

/** A buyer's transfer order for the product (no seller's link): its id, reference and page. */
export async function transferOrder(
  api: APIRequestContext,
  productId: string,
  buyer: { name: string; email: string },
  quantity = 1,
) {
  const placed = await api.post(`/api/public/pay/${productId}`, {
    data: { provider: 'transferencia', quantity, buyer },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const body = (await placed.json()) as { order_id: string; next: { url: string } };
  const page = new URL(body.next.url);
  const seen = await api.get(`/api/public/orders/${body.order_id}${page.search}`);
  const reference = ((await seen.json()) as { external_reference: string }).external_reference;
  return { id: body.order_id, reference, url: `${page.pathname}${page.search}` };
}

export async function confirmTransfer(api: APIRequestContext, orderId: string) {
  const confirmed = await api.post(`/api/company/orders/${orderId}/confirm-transfer`, {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
