import { randomBytes } from 'node:crypto';
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  signedInPage,
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

/** The page does not scroll sideways. */
async function expectNoSideScroll(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect.soft(scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(clientWidth);
}

/**
 * Nothing of the element is cut: its content fits it, and it lies inside the
 * viewport's width and inside every ancestor that clips or scrolls.
 */
async function expectWhole(locator: Locator, what: string) {
  const problem = await locator.evaluate((element) => {
    // Only the page scrolls, and only up and down, as a person reading it does: nothing sideways.
    const { top } = element.getBoundingClientRect();
    window.scrollBy(0, top - window.innerHeight / 2);
    if (element.scrollWidth > element.clientWidth + 1) {
      return `its content is wider than it (${element.scrollWidth} > ${element.clientWidth} px)`;
    }
    const box = element.getBoundingClientRect();
    if (box.left < -0.5 || box.right > document.documentElement.clientWidth + 0.5) {
      return `it spans ${Math.round(box.left)}–${Math.round(box.right)} px, outside the viewport`;
    }
    for (let node = element.parentElement; node; node = node.parentElement) {
      if (getComputedStyle(node).overflowX === 'visible') continue;
      const clip = node.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) {
        return `it spans ${Math.round(box.left)}–${Math.round(box.right)} px, cut by <${node.tagName.toLowerCase()} class="${String(node.className)}"> at ${Math.round(clip.left)}–${Math.round(clip.right)} px`;
      }
    }
    return null;
  });
  expect.soft(problem, `${what}: ${problem}`).toBeNull();
}

/** A native select shows its chosen option's whole label (nothing like 'Pendiente de T'). */
async function expectSelectLabelFits(select: Locator, what: string) {
  const room = await select.evaluate((element) => {
    const field = element as HTMLSelectElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const label = context.measureText(field.selectedOptions[0]?.text ?? '').width;
    // Beside its padding, the arrow takes about 20 px.
    const inner =
      field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return inner - label;
  });
  expect.soft(room, `${what}: the chosen status is cut`).toBeGreaterThanOrEqual(0);
}

/** A dashboard's money figures (income, revenue, profit): paragraphs that are one amount. */
function moneyFigures(page: Page): Locator {
  return page.locator('p').filter({ hasText: /^\$\s[\d.]+,\d{2}$/ });
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

    const page = await signedInPage(browser, admin.email, admin.password);
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
  test('Pedidos and the dashboards fit 1280 px and 375 px with long names and hundreds of millions of pesos', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const company = await companyWithProduct({
      companyName: `Cooperativa Yerbatera y Frutihortícola del Alto Paraná Misionero Limitada ${unique()}`,
      title:
        'Juego de mate imperial de calabaza forrada en cuero con virola de alpaca cincelada a mano y bombilla pico de loro',
      // The largest price a product may have, $ 100.000.000, + 3 %: three units are $ 309.000.000.
      priceCents: 10_000_000_000,
      commissionBps: 300,
    });
    const buyer = {
      name: 'María de los Ángeles Fernández de la Torre Echeverría Santillán',
      email: 'maria.de.los.angeles.fernandez.delatorre@correo-de-ejemplo.com.ar',
    };
    const pending = await transferOrder(company.api, company.productId, buyer, 3);
    const paid = await transferOrder(company.api, company.productId, buyer, 3);
    await confirmTransfer(company.api, paid.id);
    const total = '$ 309.000.000,00';

    // The company's Pedidos: the transfer to confirm, its status and amounts, whole and reachable.
    const companyPage = await signedInPage(browser, company.address, company.password);
    await companyPage.goto(`/company/orders?q=${pending.reference}`);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const where = `company Pedidos at ${size.width} px`;
      await companyPage.setViewportSize(size);
      const order =
        size === VIEWPORTS.desktop
          ? companyPage.getByRole('row', { name: new RegExp(pending.reference) })
          : companyPage.getByRole('listitem').filter({ hasText: pending.reference });
      await expect(order).toBeVisible();
      await expectNoSideScroll(companyPage, where);
      const confirm = order.getByRole('button', { name: 'Confirmar transferencia recibida' });
      await expectWhole(confirm, `${where}, 'Confirmar transferencia recibida'`);
      await expect.soft(confirm, `${where}: 'Confirmar transferencia recibida'`).toBeInViewport({
        ratio: 1,
      });
      await expectWhole(order.getByText('Pendiente de Transf.'), `${where}, the status`);
      await expectWhole(order.getByText(total), `${where}, the total`);
      await expectWhole(
        order.getByRole('button', { name: 'Seguimiento' }),
        `${where}, Seguimiento`,
      );
    }
    await screenshotBothWidths(companyPage, 'orders-company-pedidos');

    // The company's dashboard: $ 300.000.000 of income, whole.
    await companyPage.goto('/company');
    await expect(moneyFigures(companyPage).first()).toHaveText('$ 300.000.000,00');
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await companyPage.setViewportSize(size);
      await expectNoSideScroll(companyPage, `company dashboard at ${size.width} px`);
      for (const figure of await moneyFigures(companyPage).all()) {
        const what = `company dashboard at ${size.width} px, ${await figure.textContent()}`;
        await expectWhole(figure, what);
        expect.soft(await lineBreaks(figure), `${what}: the figure breaks`).toEqual([]);
      }
    }
    await screenshotBothWidths(companyPage, 'orders-company-home');

    // The admin's Pedidos: the status select shows its whole label, the history button is reachable.
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    await adminPage.goto(`/admin/orders?q=${pending.reference}`);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const where = `admin Pedidos at ${size.width} px`;
      await adminPage.setViewportSize(size);
      const select = adminPage.getByRole('combobox', { name: `Estado de ${pending.reference}` });
      await expect(select).toBeVisible();
      await expectNoSideScroll(adminPage, where);
      await expectWhole(select, `${where}, the status select`);
      await expectSelectLabelFits(select, where);
      const history = adminPage
        .locator(size === VIEWPORTS.desktop ? 'tr' : 'li')
        .filter({ hasText: pending.reference })
        .getByRole('button', { name: 'Seguimiento' });
      await expectWhole(history, `${where}, Seguimiento`);
      await expectWhole(
        adminPage
          .locator(size === VIEWPORTS.desktop ? 'tr' : 'li')
          .filter({ hasText: pending.reference })
          .getByText(total),
        `${where}, the total`,
      );
    }
    await screenshotBothWidths(adminPage, 'orders-admin-pedidos');

    // The admin's dashboard: revenue of hundreds of millions, never cut.
    await adminPage.goto('/admin');
    const revenue = moneyFigures(adminPage).first();
    await expect(revenue).toHaveText(/^\$\s\d{1,3}(\.\d{3}){2,},\d{2}$/);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await adminPage.setViewportSize(size);
      await expectNoSideScroll(adminPage, `admin dashboard at ${size.width} px`);
      for (const figure of await moneyFigures(adminPage).all()) {
        const what = `admin dashboard at ${size.width} px, ${await figure.textContent()}`;
        await expectWhole(figure, what);
        expect.soft(await lineBreaks(figure), `${what}: the figure breaks`).toEqual([]);
      }
    }
    await screenshotBothWidths(adminPage, 'orders-admin-home');

    await companyPage.context().close();
    await adminPage.context().close();
    await company.api.dispose();
  });
});
