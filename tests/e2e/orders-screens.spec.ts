import { randomBytes } from 'node:crypto';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
} from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  test,
  toastOf,
  VIEWPORTS,
} from './fixtures';

/**
 * The order screens at 375 and 1280 px: the company's and the admin's Pedidos
 * and dashboards with long values, the buyer's transfer page before and after
 * the transfer is confirmed, and money typed as people in Argentina write it.
 */

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const CBU = '0110599520000001234569';
const unique = () => randomBytes(3).toString('hex');

/** A request context of its own (its own cookies) that sends the app's Origin, as a browser does. */
function apiContext() {
  return playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
}

/** A confirmed, signed-in company that takes bank transfers, with one product. */
async function companyWithProduct(options: {
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
      stock: 10,
      category: 'Mates',
      is_active: true,
      commission_bps: options.commissionBps,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  return { api, ...company, productId: (await product.json()).id as string };
}

/** A buyer's transfer order for the product (no seller's link): its id, reference and page. */
async function transferOrder(
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

async function confirmTransfer(api: APIRequestContext, orderId: string) {
  const confirmed = await api.post(`/api/company/orders/${orderId}/confirm-transfer`, {
    data: {},
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function signIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: VIEWPORTS.desktop,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

test.describe('order screens', () => {
  test('Registrar pago takes "3.000,00", the way the app writes money, and says what it will record', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const companyName = `Mates del Iberá ${unique()}`;
    const company = await companyWithProduct({
      companyName,
      title: 'Mate de algarrobo',
      // $ 30.000 + 10 %: the buyer pays $ 33.000 and the company owes $ 3.000 of commission.
      priceCents: 3_000_000,
      commissionBps: 1000,
    });
    for (const name of ['Rosa Benítez', 'Hugo Benítez']) {
      const order = await transferOrder(company.api, company.productId, {
        name,
        email: 'benitez@example.com',
      });
      await confirmTransfer(company.api, order.id);
    }

    const page = await signIn(browser, admin.email, admin.password);
    await page.goto('/admin/settlements');
    const balance = page.getByRole('button', { name: new RegExp(companyName) });
    await balance.click();
    await expect(balance).toContainText('$ 6.000,00');

    // The first transfer, typed as the app itself writes money.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    const amount = dialog.getByLabel('Monto recibido ($)');
    await amount.fill('3.000,00');
    await dialog.getByLabel('Referencia').fill(`TRF-${unique()}`);
    await screenshotBothWidths(page, 'orders-record-payment');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(page)).toContainText('Pago registrado.');
    await expect(balance).toContainText('$ 3.000,00');

    // The second, typed with a thousands dot only: the field says what it understood.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    await amount.fill('3.000');
    await expect(dialog.getByText('Se registrará $ 3.000,00')).toBeVisible();
    await expect(amount).toHaveAccessibleDescription(/Se registrará \$\s3\.000,00/);
    await dialog.getByLabel('Referencia').fill(`TRF-${unique()}`);
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(page)).toContainText('Pago registrado.');
    await expect(balance).toContainText('$ 0,00');
    await page.context().close();
    await company.api.dispose();
  });
});
