import { randomBytes } from 'node:crypto';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Locator,
} from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
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

/** Where the element's text breaks into lines: the index of the first character of each new line. */
function lineBreaks(locator: Locator): Promise<number[]> {
  return locator.evaluate((element) => {
    const tops: { index: number; top: number }[] = [];
    let index = 0;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1, index += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width > 0) tops.push({ index, top: rect.top });
      }
    }
    return tops.flatMap((char, i) =>
      i > 0 && char.top > tops[i - 1]!.top + 2 ? [char.index] : [],
    );
  });
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
  test('the transfer page: the bank details while the transfer is awaited, then that it is paid (or closed) and nothing to pay again', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const company = await companyWithProduct({
      companyName: `Calabazas del Litoral ${unique()}`,
      title: 'Mate imperial de calabaza',
      priceCents: 3_000_000,
      commissionBps: 1000,
    });
    const order = await transferOrder(company.api, company.productId, {
      name: 'Beatriz Compradora',
      email: 'beatriz@example.com',
    });
    const context = await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: VIEWPORTS.phone,
    });
    const buyer = await context.newPage();
    await buyer.goto(order.url);
    await expect(buyer.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    const bankDetails = [
      buyer.getByRole('heading', { name: 'Datos para la transferencia' }),
      buyer.getByText(/Escribe la referencia/),
      buyer.getByText(/Guarda este link/),
      buyer.getByText(CBU),
    ];
    for (const shown of bankDetails) await expect(shown).toBeVisible();
    // The amount to transfer is written as money, like every other amount.
    const amount = buyer.locator('dl > div').filter({ hasText: /^Importe/ });
    await expect.soft(amount).toContainText('$ 33.000,00');
    // The CBU never breaks inside a number: on a phone at most between its two blocks.
    for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await buyer.setViewportSize(size);
      const breaks = await lineBreaks(buyer.getByText(CBU));
      expect
        .soft(
          breaks.filter((index) => index !== 8),
          `CBU lines at ${size.width} px`,
        )
        .toEqual([]);
    }
    await buyer.setViewportSize(VIEWPORTS.phone);
    expect.soft(await seriousA11yViolations(buyer)).toEqual([]);
    await screenshotBothWidths(buyer, 'orders-transfer-waiting');

    // The company confirms it: the open page says so by itself and stops showing where to pay.
    await confirmTransfer(company.api, order.id);
    await expect(buyer.getByText('La empresa confirmó tu transferencia.')).toBeVisible({
      timeout: 20_000,
    });
    for (const hidden of bankDetails) await expect.soft(hidden).toHaveCount(0);
    await expect(buyer.getByText(/no hace falta que vuelvas a transferir/)).toBeVisible();
    await expect(buyer).toHaveTitle(/Pago confirmado/);
    expect(await seriousA11yViolations(buyer)).toEqual([]);
    await screenshotBothWidths(buyer, 'orders-transfer-paid');

    // An order the admin refunds before it was paid: the page says so, with nothing to pay.
    const refunded = await transferOrder(company.api, company.productId, {
      name: 'Carlos Comprador',
      email: 'carlos@example.com',
    });
    const adminApi = await apiContext();
    const signedIn = await adminApi.post('/api/auth/sign-in/email', {
      data: { email: admin.email, password: admin.password },
    });
    expect(signedIn.status()).toBe(200);
    const changed = await adminApi.patch(`/api/admin/orders/${refunded.id}`, {
      data: { status: 'refunded' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await buyer.goto(refunded.url);
    await expect(buyer.getByText('Este pedido fue reintegrado.')).toBeVisible();
    await expect(buyer.getByText(/No transfieras/)).toBeVisible();
    for (const hidden of bankDetails) await expect(hidden).toHaveCount(0);
    await screenshotBothWidths(buyer, 'orders-transfer-refunded');

    await context.close();
    await adminApi.dispose();
    await company.api.dispose();
  });
});
