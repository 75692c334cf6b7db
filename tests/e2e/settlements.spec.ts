import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
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

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const headers = { origin: E2E_BASE_URL };

test.describe('Liquidaciones and payouts: from two approved sales to the seller paid', () => {
  test('the company sees and downloads its statement, pays it in two transfers, the admin pays the seller in a batch, the seller sees it paid', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    // A company shipping to Córdoba, with one product paid by transfer.
    // Its own name: other journeys make companies too, and some of them owe commissions.
    const companyName = `Dulces Ríos ${Date.now().toString(36)}`;
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Córdoba'],
      companyName,
    });
    // A seller of its own in that province (the demo seller has demo payouts and a CBU already).
    const joined = await confirmedSeller(request, {
      province: 'Córdoba',
      name: `Rocío Paz ${companyName.split(' ').at(-1)}`,
    });
    const seller = { name: joined.name, email: joined.address };
    const cbu = uniqueCbu();
    expect(
      (
        await request.post('/api/auth/sign-in/email', {
          data: { email: company.address, password: company.password },
          headers,
        })
      ).status(),
    ).toBe(200);
    const settings = await request.patch('/api/company/settings', {
      data: { provider_collector_id: '777666555' },
      headers,
    });
    expect(settings.status()).toBe(200);
    const product = await request.post('/api/company/products', {
      data: {
        title: 'Dulce de leche artesanal 1 kg',
        description: 'Receta de campo.',
        price_cents: 4_000_000,
        stock: 20,
        category: 'Almacén',
        is_active: true,
        commission_bps: 1000,
      },
      headers,
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as string;
    const method = await request.post('/api/company/payment-methods', {
      data: {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco de Córdoba',
          accountHolder: 'Ríos Hermanos SRL',
          cbu: '0110599520000001234569',
          cuit: '30-71234567-1',
        },
      },
      headers,
    });
    expect(method.status()).toBe(201);

    // The seller's own link to it.
    const sellerPage = await signedInPage(browser, joined.address, joined.password);
    const catalogue = await sellerPage.request.get(
      `/api/seller/catalogue?q=${encodeURIComponent('Dulce de leche artesanal')}`,
    );
    const link = new URL((await catalogue.json()).items[0].link as string);
    const ref = link.searchParams.get('ref')!;

    // Two buyers pay by transfer; the company confirms both ($ 4.000 of commission each: $ 3.000 + $ 1.000).
    for (const name of ['Beatriz Compradora', 'Carlos Comprador']) {
      const placed = await request.post(`/api/public/pay/${productId}`, {
        data: {
          provider: 'transferencia',
          ref,
          buyer: { name, email: 'comprador@example.com' },
        },
        headers,
      });
      expect(placed.status()).toBe(201);
      const confirmed = await request.post(
        `/api/company/orders/${(await placed.json()).order_id}/confirm-transfer`,
        { data: {}, headers },
      );
      expect(confirmed.status()).toBe(200);
    }

    // The company's Liquidaciones: the balance, the month, order by order, per seller.
    const companyPage = await signedInPage(browser, company.address, company.password);
    await companyPage.goto('/company/settlements');
    await expect(companyPage.getByRole('heading', { name: 'Liquidaciones' })).toBeVisible();
    await expect(companyPage.getByTestId('settlement-balance')).toHaveText('$ 8.000,00');
    const statement = companyPage.getByTestId('statement');
    await expect(statement.getByText('Pedidos del mes (2)')).toBeVisible();
    await expect(
      statement.getByRole('table').getByText('Dulce de leche artesanal 1 kg').first(),
    ).toBeVisible();
    await expect(statement.getByText('$ 6.000,00').first()).toBeVisible(); // the seller's part
    const csvHref = await companyPage
      .getByRole('link', { name: 'Descargar CSV' })
      .getAttribute('href');
    const csv = await companyPage.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain('Saldo a pagar;;;;;;;8000,00');
    const pdfHref = await companyPage
      .getByRole('link', { name: 'Descargar PDF' })
      .getAttribute('href');
    expect((await companyPage.request.get(pdfHref!)).headers()['content-type']).toBe(
      'application/pdf',
    );
    expect(await seriousA11yViolations(companyPage)).toEqual([]);
    await screenshotBothWidths(companyPage, 'company-settlements');

    // The admin records a partial transfer: more than owed is refused, then $ 5.000 is recorded.
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    await adminPage.goto('/admin/settlements');
    await adminPage.getByRole('button', { name: new RegExp(companyName) }).click();
    await adminPage.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Registrar pago' });
    await dialog.getByLabel('Monto recibido ($)').fill('9000');
    await dialog.getByLabel('Referencia').fill('TRF-RIOS-0001');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(
      dialog.getByText('El pago supera el saldo adeudado por la empresa.'),
    ).toBeVisible();
    await dialog.getByLabel('Monto recibido ($)').fill('5000');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(adminPage)).toContainText('Pago registrado.');
    await expect(adminPage.getByRole('button', { name: new RegExp(companyName) })).toContainText(
      '$ 3.000,00',
    );
    await expect(adminPage.getByTestId('statement').getByText('TRF-RIOS-0001')).toBeVisible();
    await screenshotBothWidths(adminPage, 'admin-settlements');

    // The company sees the payment and what is still owed.
    await companyPage.reload();
    await expect(companyPage.getByTestId('settlement-balance')).toHaveText('$ 3.000,00');
    await expect(companyPage.getByTestId('statement').getByText('TRF-RIOS-0001')).toBeVisible();

    // The rest arrives; the seller's commission is now covered (the hold is 0 days on this server).
    await adminPage.getByRole('button', { name: 'Registrar pago' }).click();
    await dialog.getByLabel('Monto recibido ($)').fill('3000');
    await dialog.getByLabel('Referencia').fill('TRF-RIOS-0002');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(adminPage)).toContainText('Pago registrado.');

    // The seller has no payment details yet: blocked, with the reason; then they add a CBU.
    await adminPage.goto('/admin/payouts');
    const sellers = adminPage.getByRole('list', { name: 'Vendedores para pagar' });
    await expect(sellers.getByRole('listitem').filter({ hasText: seller.name })).toContainText(
      'Bloqueado: No cargó sus datos de cobro',
    );
    const saved = await sellerPage.request.patch('/api/seller/settings', {
      data: { payment_method: 'bank', payment_details: { cbu } },
      headers,
    });
    expect(saved.status()).toBe(200);
    await adminPage.reload();
    const row = sellers.getByRole('listitem').filter({ hasText: seller.name });
    await expect(row).toContainText(`CBU ${cbu}`);
    await expect(row).toContainText('$ 6.000,00');

    // A batch, its CSV for the bank, and marking it paid.
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
    expect(await batchCsv.text()).toContain(
      `${seller.name};${seller.email};Transferencia bancaria;${cbu}`,
    );
    await batch.getByRole('button', { name: 'Marcar pagado' }).click();
    const markDialog = adminPage.getByRole('dialog');
    await markDialog.getByLabel('Referencia de las transferencias').fill('LOTE-E2E-1');
    await markDialog.getByRole('button', { name: 'Marcar pagado' }).click();
    await expect(toastOf(adminPage)).toContainText('Lote marcado como pagado.');
    await expect(batch).toContainText('Pagado');
    await adminPage.reload(); // without the toast, which fades in over the page
    await expect(batch).toContainText('Pagado');
    expect(await seriousA11yViolations(adminPage)).toEqual([]);
    await screenshotBothWidths(adminPage, 'admin-payouts');

    // The seller sees it paid in Mis Cobros.
    await sellerPage.goto('/seller/payouts');
    await expect(sellerPage.getByRole('heading', { name: 'Mis Cobros' })).toBeVisible();
    await expect(sellerPage.getByTestId('payout-history')).toContainText('Pagado');
    await expect(sellerPage.getByTestId('payout-history')).toContainText('$ 6.000,00');
    await expect(sellerPage.getByTestId('payout-destination')).toHaveText(`CBU ${cbu}`);
    expect(await seriousA11yViolations(sellerPage)).toEqual([]);
    await screenshotBothWidths(sellerPage, 'seller-payouts');

    for (const page of [sellerPage, companyPage, adminPage]) await page.context().close();
  });
});
