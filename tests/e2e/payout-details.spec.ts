import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { NOT_ME_MESSAGES } from '../../src/shared/accounts/not-me.schema';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { ARGENTINA_TIME_ZONE, argentineDay } from '../../src/shared/time';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  companyProduct,
  confirmedCompany,
  confirmedSeller,
  expect,
  seriousA11yViolations,
  signedInPage,
  test,
  toastOf,
  uniqueCbu,
  VIEWPORTS,
  waitForMail,
} from './fixtures';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const headers = { origin: E2E_BASE_URL };
/** This journey's screenshots, kept out of git with the rest of .tmp/. */
const SHOTS = path.resolve('.tmp/screenshots/payout-details');

/** The page, or one part of it, at phone and desktop widths. */
async function shoot(page: Page, name: string, part?: Locator) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    const file = path.join(SHOTS, `${name}-${label}.png`);
    if (part) await part.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

test.describe('A stolen session changes a seller’s CBU: the payouts wait, the owner answers «No fui yo»', () => {
  test('the seller changes their CBU, the e-mail’s link signs them out and leads to a new password, the admin sees the hold', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const title = `Dulce de membrillo ${tag}`;

    // A company in Tucumán with a product paid by transfer.
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Tucumán'],
      companyName: `Dulces del Norte ${tag}`,
    });
    const companyPage = await signedInPage(browser, company.address, company.password);
    const productId = await companyProduct(companyPage, {
      title,
      description: 'Frasco de 1 kg.',
      // $ 80.000 at 10 %: the sale earns its seller $ 6.000, above the payout minimum.
      priceCents: 8_000_000,
    });
    const method = await companyPage.request.post('/api/company/payment-methods', {
      data: {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco Macro',
          accountHolder: 'Dulces del Norte SRL',
          cbu: '0110599520000001234569',
          cuit: '30-71234567-1',
        },
      },
      headers,
    });
    expect(method.status()).toBe(201);

    // A seller with their first CBU (not held: there was nothing to redirect) and one paid sale.
    const seller = await confirmedSeller(request, {
      province: 'Tucumán',
      name: `Lía Ferro ${tag}`,
    });
    const sellerPage = await signedInPage(browser, seller.address, seller.password);
    const first = uniqueCbu();
    const saved = await sellerPage.request.patch('/api/seller/settings', {
      data: { payment_method: 'bank', payment_details: { cbu: first } },
      headers,
    });
    expect(saved.status()).toBe(200);
    const catalogue = await sellerPage.request.get(
      `/api/seller/catalogue?q=${encodeURIComponent(title)}`,
    );
    const ref = new URL((await catalogue.json()).items[0].link as string).searchParams.get('ref');
    const bought = await request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        ref,
        buyer: { name: 'Raúl Comprador', email: `raul-${tag}@example.com` },
      },
      headers,
    });
    expect(bought.status()).toBe(201);
    const confirmed = await companyPage.request.post(
      `/api/company/orders/${(await bought.json()).order_id}/confirm-transfer`,
      { data: {}, headers },
    );
    expect(confirmed.status()).toBe(200);
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    const balances = await adminPage.request.get('/api/admin/settlements');
    const owed = (
      (await balances.json()).items as { name: string; company_id: string; balance_cents: number }[]
    ).find((row) => row.name === `Dulces del Norte ${tag}`)!;
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

    // Someone with the seller's session puts another CBU in Configuración.
    const stolen = uniqueCbu();
    await sellerPage.goto('/seller/settings');
    await expect(sellerPage.getByText(/te avisamos por e-mail/)).toBeVisible();
    await sellerPage.getByRole('textbox', { name: 'CBU o CVU' }).fill(stolen);
    await sellerPage.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(sellerPage)).toContainText('Tu configuración ha sido guardada.');

    // Mis Cobros says the payouts wait, and until when.
    await sellerPage.goto('/seller/payouts');
    const hold = sellerPage.getByTestId('payout-hold');
    await expect(hold).toContainText(
      /Tus pagos están en espera hasta el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    expect(await seriousA11yViolations(sellerPage)).toEqual([]);
    await shoot(sellerPage, 'mis-cobros-hold');

    // The admin sees why the seller is not in the next batch.
    await adminPage.goto('/admin/payouts');
    const row = adminPage
      .getByRole('list', { name: 'Vendedores para pagar' })
      .getByRole('listitem')
      .filter({ hasText: seller.name });
    await expect(row).toContainText(
      /En espera: Datos de cobro cambiados el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}; se podrá pagar desde el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    expect(await seriousA11yViolations(adminPage)).toEqual([]);
    await shoot(adminPage, 'admin-payouts-row', row);
    await shoot(adminPage, 'admin-payouts');

    // The e-mail names both CBUs by their last 4 digits only, with the 'No fui yo' link.
    const mail = await waitForMail(request, seller.address, /Cambiaron tus datos de cobro/, 2);
    const link = new URL(mail.links.find((url) => url.includes('/account/not-me'))!);
    expect(mail.links.join(' ')).not.toContain(stolen);

    // The owner opens it signed out, in another browser.
    const owner = await browser.newContext({
      locale: 'es-AR',
      timezoneId: ARGENTINA_TIME_ZONE,
      viewport: VIEWPORTS.desktop,
    });
    const notMe = await owner.newPage();
    await notMe.goto(link.pathname + link.search);
    await expect(notMe.getByRole('heading', { name: 'No fui yo' })).toBeVisible();
    await expect(notMe.getByText(`CBU terminado en ${first.slice(-4)}`)).toBeVisible();
    await expect(notMe.getByText(`CBU terminado en ${stolen.slice(-4)}`)).toBeVisible();
    expect(await seriousA11yViolations(notMe)).toEqual([]);
    await shoot(notMe, 'not-me');
    await notMe.getByRole('button', { name: 'No fui yo: proteger mi cuenta' }).click();
    await expect(notMe.getByText(NOT_ME_MESSAGES.confirmed)).toBeVisible();
    await expect(notMe.getByText(/Tus pagos quedan retenidos/)).toBeVisible();
    expect(await seriousA11yViolations(notMe)).toEqual([]);
    await shoot(notMe, 'not-me-done');

    // Every session ended: the seller's panel sends them to sign in.
    await sellerPage.goto('/seller/payouts');
    await expect(sellerPage).toHaveURL(/\/login/);

    // The link works once.
    await notMe.goto(link.pathname + link.search);
    await expect(notMe.getByRole('alert')).toContainText(NOT_ME_MESSAGES.tokenUsed);

    // A new password, from the e-mail it sent.
    const reset = await waitForMail(request, seller.address, /Restablece tu contraseña/);
    const resetLink = new URL(reset.links.find((url) => url.includes('/update-password'))!);
    await notMe.goto(resetLink.pathname + resetLink.search);
    await notMe.getByLabel('Nueva contraseña').fill('membrillo-seguro-789');
    await notMe.getByLabel('Confirmar contraseña').fill('membrillo-seguro-789');
    await notMe.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect(notMe).toHaveURL('/login', { timeout: 6_000 });
    await notMe.getByLabel('Correo electrónico').fill(seller.address);
    await notMe.getByLabel('Contraseña').fill('membrillo-seguro-789');
    await notMe.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(notMe).toHaveURL(/\/seller/);
    await notMe.goto('/seller/payouts');
    await expect(notMe.getByTestId('payout-hold')).toContainText('Tus pagos están en revisión');

    // The admin sees the account under review, and the seller's report in Riesgo.
    await adminPage.goto('/admin/payouts');
    await expect(row).toContainText('Bloqueado: En revisión');
    await adminPage.goto('/admin/risk');
    await expect(adminPage.getByRole('row').filter({ hasText: seller.name }).first()).toContainText(
      'Cambio de datos de cobro no reconocido',
    );

    for (const page of [companyPage, adminPage, sellerPage, notMe]) await page.context().close();
  });
});
