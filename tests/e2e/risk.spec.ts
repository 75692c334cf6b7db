import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { argentineDay } from '../../src/shared/time';
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
  toastOf,
  sellerLink,
  uniqueCbu,
} from './fixtures';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const headers = { origin: E2E_BASE_URL };

test.describe('Riesgo: a seller who buys through their own link is held out of payouts until an admin decides', () => {
  test('the admin sees the self-purchase, the batch leaves the seller out, the admin dismisses it and the next batch pays them', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const title = `Alfajores de maicena ${tag}`;
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Mendoza'],
      companyName: `Dulcería Cuyo ${tag}`,
    });
    const companyPage = await signedInPage(browser, company.address, company.password);
    const productId = await companyProduct(companyPage, {
      title,
      description: 'Docena, de elaboración propia.',
      // $ 80.000 at 10 %: each sale earns its seller $ 6.000, above the payout minimum.
      priceCents: 8_000_000,
    });
    const method = await companyPage.request.post('/api/company/payment-methods', {
      data: {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco de Mendoza',
          accountHolder: 'Dulcería Cuyo SRL',
          cbu: '0110599520000001234569',
          cuit: '30-71234567-1',
        },
      },
      headers,
    });
    expect(method.status()).toBe(201);

    // Two sellers in Mendoza with their CBUs: one honest, one who buys from themself.
    const honest = await confirmedSeller(request, {
      province: 'Mendoza',
      name: `Hugo Leal ${tag}`,
    });
    const cheater = await confirmedSeller(request, {
      province: 'Mendoza',
      name: `Tito Listo ${tag}`,
    });
    const pages: Record<string, Page> = {};
    for (const seller of [honest, cheater]) {
      const page = await signedInPage(browser, seller.address, seller.password);
      const saved = await page.request.patch('/api/seller/settings', {
        data: { payment_method: 'bank', payment_details: { cbu: uniqueCbu() } },
        headers,
      });
      expect(saved.status()).toBe(200);
      pages[seller.address] = page;
    }
    const cheaterPage = pages[cheater.address]!;

    // A stranger buys through the honest seller's link.
    const honestRef = new URL(await sellerLink(pages[honest.address]!, title)).searchParams.get(
      'ref',
    );
    const bought = await request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        ref: honestRef,
        buyer: { name: 'Beatriz Compradora', email: `beatriz-${tag}@example.com` },
      },
      headers,
    });
    expect(bought.status()).toBe(201);

    // The other seller opens their own link and buys, with their own e-mail.
    await cheaterPage.goto(await sellerLink(cheaterPage, title));
    await expect(cheaterPage.getByRole('heading', { name: title })).toBeVisible();
    await cheaterPage.getByLabel('Nombre y apellido').fill('Tito Listo');
    await cheaterPage.getByLabel('E-mail').fill(cheater.address);
    await cheaterPage.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(cheaterPage.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    const ownOrder = new URL(cheaterPage.url()).pathname.split('/').at(-1)!;

    // The company confirms both transfers; the admin records the company's payment.
    for (const orderId of [(await bought.json()).order_id as string, ownOrder]) {
      const confirmed = await companyPage.request.post(
        `/api/company/orders/${orderId}/confirm-transfer`,
        { data: {}, headers },
      );
      expect(confirmed.status()).toBe(200);
    }
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    const balances = await adminPage.request.get('/api/admin/settlements');
    const owed = (
      (await balances.json()).items as { name: string; company_id: string; balance_cents: number }[]
    ).find((row) => row.name === `Dulcería Cuyo ${tag}`)!;
    expect(owed.balance_cents).toBe(1_600_000);
    const paid = await adminPage.request.post(
      `/api/admin/settlements/${owed.company_id}/payments`,
      {
        data: {
          amount_cents: owed.balance_cents,
          paid_on: argentineDay(new Date()),
          reference: `TRF-${tag}`,
        },
        headers,
      },
    );
    expect(paid.status()).toBe(201);

    // Riesgo shows the self-purchase, with the order and the masked e-mail.
    await adminPage.goto('/admin/risk');
    await expect(adminPage.getByRole('heading', { name: 'Riesgo' })).toBeVisible();
    const flag = adminPage.getByRole('row').filter({ hasText: `Tito Listo ${tag}` });
    await expect(flag).toContainText('Compra propia');
    await expect(flag).toContainText('El comprador usó el e-mail del vendedor');
    expect(await seriousA11yViolations(adminPage)).toEqual([]);
    await screenshotBothWidths(adminPage, 'admin-risk');

    // Payouts: the honest seller is ready, the other is held 'En revisión' and left out of the batch.
    await adminPage.goto('/admin/payouts');
    const sellers = adminPage.getByRole('list', { name: 'Vendedores para pagar' });
    await expect(sellers.getByRole('listitem').filter({ hasText: cheater.name })).toContainText(
      'En revisión',
    );
    await adminPage.getByRole('button', { name: 'Crear lote de pago' }).click();
    await expect(toastOf(adminPage)).toContainText('Lote de pagos creado.');
    const firstBatch = adminPage
      .getByRole('list', { name: 'Lotes de pago' })
      .getByRole('listitem')
      .first();
    const firstCsv = await adminPage.request.get(
      (await firstBatch.getByRole('link', { name: 'CSV para el banco' }).getAttribute('href'))!,
    );
    const firstText = await firstCsv.text();
    expect(firstText).toContain(honest.name);
    expect(firstText).not.toContain(cheater.name);
    await expect(sellers.getByRole('listitem').filter({ hasText: cheater.name })).toContainText(
      'En revisión',
    );
    await screenshotBothWidths(adminPage, 'admin-payouts-held');

    // The admin dismisses the flag with a note.
    await adminPage.goto('/admin/risk');
    await adminPage
      .getByRole('button', { name: `Descartar: Compra propia de Tito Listo ${tag}` })
      .click();
    const dialog = adminPage.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Descartar alerta' }).click();
    await expect(dialog.getByText('Escribe una nota con el motivo de la decisión.')).toBeVisible();
    await dialog.getByLabel('Nota').fill('Compró para su familia; lo confirmó por teléfono.');
    await screenshotBothWidths(adminPage, 'admin-risk-dismiss');
    await dialog.getByRole('button', { name: 'Descartar alerta' }).click();
    await expect(dialog).toBeHidden();
    await expect(adminPage.getByText(`Tito Listo ${tag}`)).toHaveCount(0);

    // The next batch pays them.
    await adminPage.goto('/admin/payouts');
    await adminPage.getByRole('button', { name: 'Crear lote de pago' }).click();
    await expect(toastOf(adminPage)).toContainText('Lote de pagos creado.');
    const nextBatch = adminPage
      .getByRole('list', { name: 'Lotes de pago' })
      .getByRole('listitem')
      .first();
    const nextCsv = await adminPage.request.get(
      (await nextBatch.getByRole('link', { name: 'CSV para el banco' }).getAttribute('href'))!,
    );
    expect(await nextCsv.text()).toContain(cheater.name);

    // The decision is in Auditoría.
    await adminPage.goto('/admin/audit');
    const decision = adminPage.getByRole('row').filter({ hasText: 'Alerta de riesgo descartada' });
    await expect(decision.first()).toContainText(/Señal:\s*Compra propia/);
    await expect(decision.first()).toContainText('Compró para su familia');

    for (const page of [companyPage, adminPage, ...Object.values(pages)])
      await page.context().close();
  });
});
