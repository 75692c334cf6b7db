import { devices } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  companyProduct,
  confirmedCompany,
  confirmedSeller,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  signedInPage,
  test,
} from './fixtures';

const headers = { origin: E2E_BASE_URL };
const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

test.describe('link analytics', () => {
  test('a seller shares a link on WhatsApp: a preview and two visits, one purchase, and Estadísticas shows 2 clicks, 1 order and, once it is paid, WhatsApp', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const company = await confirmedCompany(request, { shippingProvinces: ['La Pampa'] });
    const joined = await confirmedSeller(request, {
      province: 'La Pampa',
      name: `Valentina Ruiz ${suffix}`,
    });
    const companyPage = await signedInPage(browser, company.address, company.password);
    const title = `Miel de caldén ${suffix}`;
    await companyProduct(companyPage, {
      title,
      description: 'Miel pura del monte pampeano.',
      priceCents: 900_000,
    });
    const method = await companyPage.request.post('/api/company/payment-methods', {
      data: {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco de La Pampa',
          accountHolder: 'Ríos Hermanos SRL',
          cbu: '0110599520000001234569',
          cuit: '30-71234567-1',
        },
      },
      headers,
    });
    expect(method.status()).toBe(201);
    await companyPage.context().close();

    // The seller's link, as its WhatsApp button shares it.
    const sellerPage = await signedInPage(browser, joined.address, joined.password);
    const catalogue = await sellerPage.request.get(
      `/api/seller/catalogue?q=${encodeURIComponent(title)}`,
    );
    const link = new URL((await catalogue.json()).items[0].link as string);
    const shared = `${link.pathname}${link.search}&src=whatsapp`;

    // WhatsApp fetches the preview: no click.
    const preview = await request.get(shared, {
      headers: { 'user-agent': 'WhatsApp/2.23.20.0 A' },
    });
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(`<meta property="og:title"`);

    // Two people open it: one on a desktop, who leaves; one on a phone, who buys. (Headless
    // Chromium says "HeadlessChrome", which isbot rightly takes for a bot: people's browsers don't.)
    // Each on a network of their own (the e2e server trusts X-Forwarded-For): one network and
    // browser family is one visitor of a product a day.
    const visitor = await browser.newPage({
      userAgent: devices['Desktop Chrome'].userAgent,
      extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.7' },
    });
    await visitor.goto(shared);
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await visitor.close();
    const phone = await browser.newContext({ ...devices['Pixel 7'] });
    const buyer = await phone.newPage();
    await buyer.goto(shared);
    await buyer.getByLabel('Nombre y apellido').fill('Ramiro Paz');
    await buyer.getByLabel('E-mail').fill('ramiro@example.com');
    await buyer.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(buyer).toHaveURL(/\/transfer\/[0-9a-f-]+\?token=/);
    const orderId = new URL(buyer.url()).pathname.split('/').at(-1)!;
    await phone.close();

    // Estadísticas: the clicks are written within a second of the visits.
    await sellerPage.goto('/seller/statistics');
    await expect(sellerPage.getByRole('heading', { name: 'Estadísticas' })).toBeVisible();
    const summary = sellerPage.getByRole('region', { name: 'Resumen' });
    await expect(async () => {
      await sellerPage.reload();
      await expect(summary.getByText('Clics', { exact: true }).locator('..')).toContainText('2', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    await expect(
      summary.getByText('Visitantes únicos', { exact: true }).locator('..'),
    ).toContainText('2');
    await expect(summary.getByText('Pedidos', { exact: true }).locator('..')).toContainText('1');
    // Clicks alone sell nothing: no best channel before an approved order.
    await expect(sellerPage.getByText('Mejor día:')).toBeVisible();
    await expect(sellerPage.getByText('Mejor canal:')).toHaveCount(0);

    // The company receives the transfer: WhatsApp brought an approved order.
    const companyView = await signedInPage(browser, company.address, company.password);
    const confirmed = await companyView.request.post(
      `/api/company/orders/${orderId}/confirm-transfer`,
      { headers },
    );
    expect(confirmed.status()).toBe(200);
    await expect(async () => {
      await sellerPage.reload();
      await expect(sellerPage.getByText('Mejor canal:')).toContainText('WhatsApp', {
        timeout: 1_000,
      });
    }).toPass({ timeout: 15_000 });
    const channels = sellerPage.getByRole('list', { name: 'Por canal' });
    await expect(channels.getByRole('listitem')).toHaveCount(1);
    await expect(channels).toContainText('WhatsApp');
    await expect(channels).toContainText('2 clics');
    await expect(sellerPage.locator('.uplot')).toBeVisible();
    expect(await seriousA11yViolations(sellerPage)).toEqual([]);
    await screenshotBothWidths(sellerPage, 'seller-statistics');

    // The home's summary of the same numbers. The home asked for its report when the seller
    // signed in, before the visits, and the server reuses a report for up to 5 s
    // (ANALYTICS_REPORT_REUSE_MS): on a fast run the first look can still be that one.
    await sellerPage.goto('/seller');
    const funnel = sellerPage.getByTestId('dashboard-link-funnel');
    await expect(async () => {
      await sellerPage.reload();
      await expect(funnel.getByText('Clics').locator('..')).toContainText('2', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await sellerPage.context().close();

    // The company sees the same visits by seller and product.
    await companyView.goto('/company/statistics');
    const bySeller = companyView.getByRole('list', { name: 'Por vendedor' });
    await expect(bySeller).toContainText(joined.name);
    await expect(bySeller).toContainText('2 clics');
    await screenshotBothWidths(companyView, 'company-statistics');
    await companyView.context().close();

    // The admin sees the whole platform, this seller among the best.
    const adminView = await signedInPage(browser, admin.email, admin.password);
    await adminView.goto('/admin/statistics');
    await expect(adminView.getByRole('list', { name: 'Mejores vendedores' })).toContainText(
      joined.name,
    );
    expect(await seriousA11yViolations(adminView)).toEqual([]);
    await screenshotBothWidths(adminView, 'admin-statistics');
    await adminView.context().close();
  });
});
