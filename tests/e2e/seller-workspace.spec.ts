import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { SELLER_MESSAGES } from '../../src/shared/seller/seller.schema';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  test,
  toastOf,
  VIEWPORTS,
  waitForMail,
} from './fixtures';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A confirmed seller in a province, made through the API. */
async function confirmedSeller(request: APIRequestContext, province: string) {
  const address = `vendedor-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'clave-segura-123';
  const created = await request.post('/api/register', {
    multipart: {
      name: 'Valeria Vendedora',
      email: address,
      password,
      confirmPassword: password,
      role: 'seller',
      province,
      document: { name: 'dni.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(request, address, /Confirma tu cuenta/);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  return { address, password };
}

test.describe('seller workspace on a phone', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('catalogue → copy the link and share it → a buyer pays by transfer → the company confirms → the dashboard shows the sale, commission, points and goal', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // A company in Tucumán with one product and bank transfer.
    const company = await confirmedCompany(request, { shippingProvinces: ['Tucumán'] });
    const companyContext = await browser.newContext();
    const companyApi = companyContext.request;
    const base = test.info().project.use.baseURL!;
    const headers = { origin: base };
    await companyApi.post('/api/auth/sign-in/email', {
      data: { email: company.address, password: company.password },
      headers,
    });
    expect(
      (
        await companyApi.patch('/api/company/settings', {
          data: { provider_collector_id: '555666777' },
          headers,
        })
      ).status(),
    ).toBe(200);
    const product = await companyApi.post('/api/company/products', {
      data: {
        title: 'Alfajores tucumanos x12',
        description: 'Caja de doce.',
        price_cents: 1_500_000,
        stock: 30,
        category: 'Dulces',
        is_active: true,
        commission_bps: 2000,
      },
      headers,
    });
    expect(product.status()).toBe(201);
    const productId = (await product.json()).id as string;
    expect(
      (
        await companyApi.post('/api/company/payment-methods', {
          data: {
            provider: 'transferencia',
            is_active: true,
            config: {
              bankName: 'Banco Macro',
              accountHolder: 'Ríos Hermanos SRL',
              cbu: '0110599520000001234569',
              cuit: '30-71234567-1',
            },
          },
          headers,
        })
      ).status(),
    ).toBe(201);

    const seller = await confirmedSeller(request, 'Tucumán');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(seller.address);
    await page.getByLabel('Contraseña').fill(seller.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/seller$/);

    // A goal for this month, before selling.
    await page.goto('/seller/ranking');
    await page.getByLabel('Ventas del mes').fill('2');
    await page.getByRole('button', { name: 'Fijar mi meta' }).click();
    await expect(toastOf(page)).toContainText('Meta guardada.');

    await page.goto('/seller/products');
    const card = page.getByRole('listitem').filter({ hasText: 'Alfajores tucumanos x12' });
    await expect(card).toContainText('$ 18.000,00');
    await expect(card).toContainText('Ganas $ 2.250,00');
    await card.getByRole('button', { name: 'Copiar link de Alfajores tucumanos x12' }).click();
    await expect(card.getByText('¡Copiado!')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`/pay/${productId}\\?ref=[\\w-]{16}$`));
    const whatsapp = await card.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(decodeURIComponent(whatsapp!)).toContain(link);
    await screenshotBothWidths(page, 'seller-catalogue');

    // A buyer opens the seller's link and pays by transfer.
    const buyer = await browser.newPage({ viewport: VIEWPORTS.phone });
    await buyer.goto(link);
    await expect(buyer.getByText('Te lo recomienda Valeria Vendedora')).toBeVisible();
    await buyer.getByLabel('Nombre y apellido').fill('Beatriz Compradora');
    await buyer.getByLabel('E-mail').fill('beatriz@example.com');
    await buyer.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(buyer.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    await buyer.close();

    const orders = await companyApi.get('/api/company/orders?status=pending_transfer');
    const order = (await orders.json()).items[0];
    expect(order.seller_name).toBe('Valeria Vendedora');
    expect(
      (
        await companyApi.post(`/api/company/orders/${order.id}/confirm-transfer`, { headers })
      ).status(),
    ).toBe(200);
    await companyContext.close();

    // The seller sees the sale: amount, commission, points (10 + 2 per whole $1.000) and the goal.
    await page.goto('/seller');
    await expect(page.getByText('Ventas totales').locator('..')).toContainText('$ 18.000,00');
    await expect(page.getByText('Tus comisiones').locator('..')).toContainText('$ 2.250,00');
    await expect(page.getByText('Puntos', { exact: true }).locator('..')).toContainText('12');
    await expect(page.getByText('1 de 2')).toBeVisible();
    await expect(page.getByText('Alfajores tucumanos x12').first()).toBeVisible();
    await screenshotBothWidths(page, 'seller-dashboard');

    await page.goto('/seller/orders');
    await expect(page.getByText('Alfajores tucumanos x12')).toBeVisible();
    await expect(page.getByText('Completado')).toBeVisible();
    await screenshotBothWidths(page, 'seller-sales');

    // Payout details with the shared validators.
    await page.goto('/seller/settings');
    await page.getByLabel('Transferencia bancaria').check();
    await page.getByLabel('CBU o CVU').fill('123');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText('El CBU debe tener 22 dígitos')).toBeVisible();
    await page.getByLabel('CBU o CVU').fill('0110599520000001234569');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(page)).toContainText(SELLER_MESSAGES.saved);
  });
});
