import { randomBytes } from 'node:crypto';
import type { Browser, Locator } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { ORDER_MESSAGES, PAY_MESSAGES } from '../../src/shared/orders/orders.schema';
import { PRODUCT_MESSAGES } from '../../src/shared/products/products.schema';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  signedInPage,
  test,
  toastOf,
  VIEWPORTS,
} from './fixtures';
import { expectNoSideScroll } from './layout-checks';

/**
 * What people tripped over on the screens (issue 31): pages wider than a
 * phone, dead buttons, a missing landmark, emoji drawn as empty boxes, a
 * collector id asked for where nothing uses it, advice given twice, e-mails
 * cut mid-word, a harmless step styled as a delete, figures without their
 * meaning, a chart that shows nothing on hover or focus, and raw JSON.
 */

const headers = { origin: E2E_BASE_URL };
const EMOJI = /\p{Extended_Pictographic}/u;

/** Each run of text between an e-mail's break points sits on one line: no word cut in two. */
async function expectWholeParts(email: Locator) {
  const split = await email.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const broken: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
      if (lines.size > 1) broken.push(node.textContent ?? '');
    }
    return broken;
  });
  expect.soft(split).toEqual([]);
}

/** A buyer on a network of its own (the e2e server trusts X-Forwarded-For), at phone width. */
async function phoneBuyer(browser: Browser) {
  const address = `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
  const context = await browser.newContext({
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: VIEWPORTS.phone,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

test('sign-up has no dead ends, the support page is a landmark and its toast draws no emoji', async ({
  page,
}) => {
  for (const size of Object.values(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.goto('/register');
    await page.getByText('Vendedor', { exact: true }).click();
    await expect(page.getByLabel('Documento de identidad')).toBeAttached();
    await expect.soft(page.getByRole('button', { name: /Face ID/ })).toHaveCount(0);
    await expect.soft(page.getByRole('radio', { name: /Administrador/ })).toHaveCount(0);
    await expect.soft(page.getByText('No disponible')).toHaveCount(0);
    await expectNoSideScroll(page, `sign-up at ${size.width}`);

    await page.goto('/support');
    await expect.soft(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('main')).toContainText('Centro de Soporte');
    await expectNoSideScroll(page, `support at ${size.width}`);
  }
  await screenshotBothWidths(page, 'tripped-register');
  await page.goto('/register');
  await page.getByText('Vendedor', { exact: true }).click();
  await screenshotBothWidths(page, 'tripped-register-seller');

  await page.goto('/support');
  await page.getByLabel('Nombre').fill('Martina Ruiz');
  await page.getByLabel('Correo electrónico').fill('martina@example.com');
  await page.getByLabel('Mensaje').fill(`Consulta ${Date.now()} sobre mis comisiones.`);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(toastOf(page)).toContainText('Mensaje Enviado');
  expect.soft(await toastOf(page).textContent()).not.toMatch(EMOJI);
  await expect.soft(toastOf(page).locator('svg[data-toast-icon]')).toHaveCount(1);
  await screenshotBothWidths(page, 'tripped-support-toast');
});

test('a company taking only transfers: no collector id, a phone-wide pay page, one reference advice, whole e-mails, a primary confirm', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const company = await confirmedCompany(request, { companyName: 'Transferencias del Norte SRL' });
  const companyPage = await signedInPage(browser, company.address, company.password);
  const method = await companyPage.request.post('/api/company/payment-methods', {
    data: {
      provider: 'transferencia',
      is_active: true,
      config: {
        bankName: 'Banco de la Nación Argentina',
        accountHolder: 'Transferencias del Norte SRL',
        cbu: '0110599520000001234569',
        cuit: '30-71234567-1',
        instructions:
          'Escribe la referencia del pedido en el concepto de la transferencia. Envía el comprobante por WhatsApp.',
      },
    },
    headers,
  });
  expect(method.status(), await method.text()).toBe(201);

  // Nothing asks for a MercadoPago collector id, and products are created without one.
  await companyPage.goto('/company/products');
  await expect(companyPage.getByRole('heading', { name: 'Mis Productos' })).toBeVisible();
  await expect.soft(companyPage.getByText(PRODUCT_MESSAGES.collectorRequired)).toHaveCount(0);
  const created = await companyPage.request.post('/api/company/products', {
    data: {
      title: 'Dulce de leche repostero 1 kg',
      description: 'Pote de un kilo.',
      price_cents: 450_000,
      stock: 40,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1000,
    },
    headers,
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { id: string }).id;
  await companyPage.goto('/company/settings');
  await expect(companyPage.getByRole('heading', { name: 'Provincias de envío' })).toBeVisible();
  await expect.soft(companyPage.getByLabel('ID de Cobrador de MercadoPago')).toHaveCount(0);
  await screenshotBothWidths(companyPage, 'tripped-company-settings-transfers');

  // A buyer whose address already holds ten units: the pay page runs the proof of work.
  const { context, page } = await phoneBuyer(browser);
  const email = `compradora.con.un.nombre.larguisimo.${randomBytes(3).toString('hex')}@correo-de-ejemplo.com.ar`;
  const held = await context.request.post(`/api/public/pay/${productId}`, {
    data: {
      provider: 'transferencia',
      quantity: 10,
      buyer: { name: 'Primer Pedido', email: 'primero@example.com' },
    },
    headers,
  });
  expect(held.status()).toBe(201);
  let release: () => void = () => undefined;
  const solved = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/public/pay/${productId}/challenge`, async (route) => {
    await solved;
    await route.continue();
  });
  await page.goto(`/pay/${productId}`);
  await page.getByLabel('Nombre y apellido').fill('Carla Compradora');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Ver datos para transferir' }).click();
  await expect(page.getByTestId('proof-of-work')).toBeVisible();
  await expect(page.getByRole('button', { name: PAY_MESSAGES.challengeRunning })).toBeDisabled();
  await expectNoSideScroll(page, 'pay page while the proof of work runs');
  await page.screenshot({
    path: 'screenshots/tripped-pay-proof-running-phone.png',
    fullPage: true,
  });
  release();
  // Solved, the order goes through.
  // The transfer page asks once for the reference, and keeps the company's other advice.
  await expect(page).toHaveURL(/\/transfer\/[0-9a-f-]+\?token=/, { timeout: 30_000 });
  await expect(page.getByText('Envía el comprobante por WhatsApp.')).toBeVisible();
  expect
    .soft((await page.locator('body').textContent())?.match(/Escribe la referencia/g))
    .toHaveLength(1);
  await expectNoSideScroll(page, 'transfer page');
  await screenshotBothWidths(page, 'tripped-transfer');
  await context.close();

  // Pedidos: the long e-mail wraps between its parts; confirming is a primary action.
  await companyPage.setViewportSize(VIEWPORTS.desktop);
  await companyPage.goto('/company/orders?status=pending_transfer');
  const row = companyPage.getByRole('row', { name: /Carla Compradora/ });
  await expect(row).toBeVisible();
  await expectWholeParts(row.getByText(/compradora\.con/));
  await screenshotBothWidths(companyPage, 'tripped-company-orders');
  await row.getByRole('button', { name: ORDER_MESSAGES.confirmTransfer }).click();
  const confirm = companyPage
    .getByRole('alertdialog')
    .getByRole('button', { name: ORDER_MESSAGES.confirmTransfer });
  await expect(confirm).toBeVisible();
  await expect.soft(confirm).not.toHaveClass(/bg-destructive/);
  await expect.soft(confirm).toHaveClass(/bg-primary/);
  await screenshotBothWidths(companyPage, 'tripped-confirm-transfer');
  await companyPage.context().close();
});

test("Estadísticas says what Conversión means, and its chart reads a day on hover and on the keyboard's focus", async ({
  browser,
}) => {
  const seller = DEMO_ACCOUNTS.find((account) => account.role === 'seller')!;
  const page = await signedInPage(browser, seller.email, seller.password);
  await page.goto('/seller/statistics');
  await expect.soft(page.getByText('Pedidos aprobados sobre visitantes únicos')).toBeVisible();
  const chart = page.getByRole('img', { name: /Gráfico de clics y pedidos por día/ });
  await expect(chart).toBeVisible();
  const day = chart.locator('.u-legend .u-series').first().locator('.u-value');

  const box = (await chart.locator('.u-over').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(day).not.toHaveText(/^(—|--)?$/);
  const hovered = await day.textContent();

  await page.mouse.move(0, 0);
  await chart.focus();
  await page.keyboard.press('End');
  await expect(day).not.toHaveText(/^(—|--)?$/);
  const last = await day.textContent();
  await page.keyboard.press('ArrowLeft');
  await expect(day).not.toHaveText(last ?? '');
  expect(hovered).toBeTruthy();
  await screenshotBothWidths(page, 'tripped-statistics');
  await page.context().close();
});

test('the MercadoPago connect address opened in a browser leads to a page, not raw JSON', async ({
  page,
}) => {
  await page.goto('/api/company/payment-methods/mercadopago/connect');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeVisible();
  expect(await page.locator('body').textContent()).not.toContain('"error"');
});
