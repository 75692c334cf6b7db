import { devices } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL, E2E_FAKE_MERCADOPAGO_URL } from '../../playwright.config';
import {
  companyProduct,
  confirmedCompany,
  confirmedSeller,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  signedInPage,
  test,
  toastOf,
  uniqueCbu,
} from './fixtures';

/*
 * The journeys share one server and run in file order. This one's payout batch
 * pays every ready seller, the demo seller too, so it runs after the journeys
 * that read the demo seller as ready (readable-screens), and marks its batch
 * paid so that settlements.spec can open the next one.
 */

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const headers = { origin: E2E_BASE_URL };

test.describe('commission at the source (MercadoPago connected through OAuth)', () => {
  test('a company connects MercadoPago, a seller’s link is paid, the statement shows it collected and owes nothing, and the seller is paid without any company payment', async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    const suffix = Date.now().toString(36);
    const companyName = `Ahumados del Limay ${suffix}`;
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Neuquén'],
      companyName,
    });
    const joined = await confirmedSeller(request, {
      province: 'Neuquén',
      name: `Julieta Paz ${suffix}`,
    });

    // The company's product: $ 80.000 at 10 % (the buyer pays $ 88.000; $ 8.000 is commission).
    const companyPage = await signedInPage(browser, company.address, company.password);
    await companyProduct(companyPage, {
      title: `Trucha ahumada 500 g ${suffix}`,
      description: 'Ahumada en frío con leña de lenga.',
      priceCents: 8_000_000,
    });

    // Pasarelas de Pago: connect the company's MercadoPago account.
    await companyPage.goto('/company/payment-gateways');
    await expect(companyPage.getByText('Cobra sin liquidaciones pendientes')).toBeVisible();
    await screenshotBothWidths(companyPage, 'payment-gateways-connect');
    await companyPage.getByRole('link', { name: 'Conectar con MercadoPago' }).click();
    await expect(companyPage).toHaveURL(new RegExp(`^${E2E_FAKE_MERCADOPAGO_URL}/authorization`));
    await companyPage.getByRole('button', { name: 'Autorizar' }).click();
    await expect(companyPage).toHaveURL(/\/company\/payment-gateways$/);
    await expect(toastOf(companyPage)).toContainText('MercadoPago quedó conectado');
    const card = companyPage
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: companyPage.getByRole('heading', { name: 'MercadoPago' }) });
    await expect(card).toContainText('conectada: la comisión se cobra en el pago');
    await expect(card).toContainText('Cuenta de MercadoPago');
    await expect(card.getByRole('button', { name: 'Desconectar' })).toBeVisible();
    await expect(companyPage.getByRole('link', { name: 'Conectar con MercadoPago' })).toHaveCount(
      0,
    );
    await companyPage.reload(); // without the toast
    await expect(card).toContainText('Cuenta de MercadoPago');
    expect(await seriousA11yViolations(companyPage)).toEqual([]);
    await screenshotBothWidths(companyPage, 'payment-gateways-connected');

    // A buyer pays through the seller's link with MercadoPago.
    const sellerPage = await signedInPage(browser, joined.address, joined.password);
    const catalogue = await sellerPage.request.get(
      `/api/seller/catalogue?q=${encodeURIComponent(`Trucha ahumada 500 g ${suffix}`)}`,
    );
    const link = new URL((await catalogue.json()).items[0].link as string);
    // The buyer's own browser: the seller's, from the same address, would be a self-purchase
    // (a risk flag, which would hold the seller's payout below).
    const buyer = await browser.newPage({ userAgent: devices['Pixel 7'].userAgent });
    await buyer.goto(`${link.pathname}${link.search}`);
    await buyer.getByLabel(/MercadoPago/).check();
    await buyer.getByLabel('Nombre y apellido').fill('Tomás Comprador');
    await buyer.getByLabel('E-mail').fill('tomas@example.com');
    await buyer.getByRole('button', { name: 'Pagar con MercadoPago' }).click();
    await expect(buyer.getByRole('heading', { name: 'MercadoPago (simulado)' })).toBeVisible();
    await buyer.getByRole('button', { name: 'Pagar' }).click();
    await expect(buyer.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    await buyer.close();

    // Liquidaciones: the sale is listed as collected at the source, and nothing is owed.
    await companyPage.goto('/company/settlements');
    const statement = companyPage.getByTestId('statement');
    await expect(statement).toContainText('Cobrada en origen');
    await expect(statement).toContainText('la plataforma cobró en origen $ 8.000,00');
    await expect(statement.getByText('Saldo a pagar', { exact: true }).locator('..')).toContainText(
      '$ 0,00',
    );
    await screenshotBothWidths(companyPage, 'statement-collected');

    // The seller adds a CBU; the admin pays them in a batch although the company paid nothing.
    const saved = await sellerPage.request.patch('/api/seller/settings', {
      data: { payment_method: 'bank', payment_details: { cbu: uniqueCbu() } },
      headers,
    });
    expect(saved.status()).toBe(200);
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    await adminPage.goto('/admin/payouts');
    const sellers = adminPage.getByRole('list', { name: 'Vendedores para pagar' });
    const row = sellers.getByRole('listitem').filter({ hasText: joined.name });
    // 75 % of $ 8.000.
    await expect(row).toContainText('$ 6.000,00');
    await adminPage.getByRole('button', { name: 'Crear lote de pago' }).click();
    await expect(toastOf(adminPage)).toContainText('Lote de pagos creado.');
    const batch = adminPage
      .getByRole('list', { name: 'Lotes de pago' })
      .getByRole('listitem')
      .first();
    await expect(batch).toContainText('Por transferir');
    const batchCsv = await adminPage.request.get(
      (await batch.getByRole('link', { name: 'CSV para el banco' }).getAttribute('href'))!,
    );
    expect(await batchCsv.text()).toContain(`${joined.name};${joined.address};`);
    await batch.getByRole('button', { name: 'Marcar pagado' }).click();
    const markDialog = adminPage.getByRole('dialog');
    await markDialog.getByLabel('Referencia de las transferencias').fill('LOTE-ORIGEN-1');
    await markDialog.getByRole('button', { name: 'Marcar pagado' }).click();
    await expect(toastOf(adminPage)).toContainText('Lote marcado como pagado.');
    await expect(batch).toContainText('Pagado');

    await sellerPage.goto('/seller/payouts');
    await expect(sellerPage.getByRole('heading', { name: 'Mis Cobros' })).toBeVisible();
    await expect(sellerPage.getByTestId('payout-history')).toContainText('Pagado');
    await expect(sellerPage.getByTestId('payout-history')).toContainText('$ 6.000,00');

    // The admin's Liquidaciones shows what was collected beside what is owed.
    await adminPage.goto('/admin/settlements');
    await expect(adminPage.getByRole('button', { name: new RegExp(companyName) })).toContainText(
      'Cobrado en origen $ 8.000,00',
    );

    for (const page of [sellerPage, companyPage, adminPage]) await page.context().close();
  });
});
