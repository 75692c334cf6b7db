import type { APIRequestContext } from '@playwright/test';
import { E2E_STORE_ID } from '../../playwright.config';
import { SUCCESS_PAGE } from '../../src/shared/messages';
import { CHECKOUT_PAGE_MESSAGES } from '../../src/shared/store/checkout.schema';
import { CHECKOUT_TEXT } from '../../src/web/features/checkout/checkout-messages';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { DEMO_PLATFORM_BANK } from '../../src/server/config/store-config';
import { expect, screenshotBothWidths, seriousA11yViolations, test, toastOf } from './fixtures';

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

/** Starts from a real POST checkout, as the storefront's cart does. */
async function startCheckout(
  request: APIRequestContext,
  baseURL: string,
  items = [
    { variant_id: 'aurora-walnut', quantity: 1 },
    { variant_id: 'mug-sage', quantity: 2 },
  ],
) {
  const response = await request.post(`/api/store/${E2E_STORE_ID}/checkout`, {
    data: {
      items,
      successUrl: `${baseURL}/success`,
      cancelUrl: `${baseURL}/store`,
      locale: 'en-US',
      timeZone: 'Europe/Madrid',
    },
  });
  expect(response.status()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  expect(url.startsWith(`${baseURL}/checkout/`)).toBe(true);
  return url;
}

async function stockOf(request: APIRequestContext, productId: string, variantId: string) {
  const response = await request.get(
    `/api/store/${E2E_STORE_ID}/variants?fields=inventory_quantity&product_ids[]=${productId}`,
  );
  const { variants } = (await response.json()) as {
    variants: { id: string; inventory_quantity: number }[];
  };
  return variants.find((v) => v.id === variantId)!.inventory_quantity;
}

test.describe('hosted checkout page', () => {
  test('shows the order, validates the buyer, pays by bank transfer, waits, and the admin confirms the transfer', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const before = await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut');
    const url = await startCheckout(request, baseURL!);
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before - 1);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.pageTitle })).toBeVisible();
    const lines = page.getByTestId('checkout-lines');
    await expect(lines).toContainText('Aurora Desk Lamp');
    await expect(lines).toContainText('Walnut');
    await expect(lines).toContainText('Stoneware Coffee Mug');
    // 89,900 pesos (lamp on sale) + 2 × 22,900
    await expect(page.getByTestId('checkout-total')).toHaveText('ARS 135,700.00');
    await expect(page.getByTestId('reservation-timer')).toContainText(/(29|30):\d\d/);
    await expect(page.locator('img[src="/catalogue/aurora-lamp-walnut.svg"]')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-checkout-form');

    // The shared schema checks the form before anything is sent.
    await page.getByRole('button', { name: /Place order/ }).click();
    await expect(page.getByText(CHECKOUT_PAGE_MESSAGES.nameRequired)).toBeVisible();
    await expect(page.getByText(CHECKOUT_PAGE_MESSAGES.emailInvalid)).toBeVisible();

    await page.getByLabel(CHECKOUT_TEXT.name).fill('Ana Pérez');
    await page.getByLabel(CHECKOUT_TEXT.email).fill('ana@example.com');
    await page.getByLabel(CHECKOUT_TEXT.phone).fill('+54 11 5555-1234');
    await page.getByLabel(CHECKOUT_TEXT.address).fill('Av. Corrientes 1234');
    await page.getByLabel(CHECKOUT_TEXT.city).fill('Buenos Aires');
    await page.getByLabel(CHECKOUT_TEXT.postalCode).fill('C1043');
    await page.getByLabel(CHECKOUT_TEXT.province).fill('Ciudad Autónoma de Buenos Aires');
    await page.getByRole('button', { name: 'Place order · ARS 135,700.00' }).click();

    const instructions = page.getByTestId('transfer-instructions');
    await expect(instructions).toContainText(CHECKOUT_TEXT.transferHeading);
    await expect(instructions).toContainText(DEMO_PLATFORM_BANK.cbu);
    await expect(instructions).toContainText(DEMO_PLATFORM_BANK.alias);
    await expect(instructions).toContainText(/VM-[0-9A-Z]{10}/);
    await expect(instructions).toContainText('ARS 135,700.00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-checkout-transfer');

    // The reservation is kept while the transfer is pending, also after a reload.
    await page.reload();
    await expect(page.getByTestId('transfer-instructions')).toBeVisible();
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before - 1);

    // Saying the transfer is made does not make the order paid: the page waits for it.
    await page.getByRole('button', { name: CHECKOUT_TEXT.transferDone }).click();
    const waiting = page.getByTestId('transfer-waiting');
    await expect(
      page.getByRole('heading', { level: 1, name: CHECKOUT_TEXT.waitingTitle }),
    ).toBeVisible();
    await expect(waiting).toContainText(CHECKOUT_TEXT.waitingBody('ARS 135,700.00'));
    await expect(waiting).toContainText(/VM-[0-9A-Z]{10}/);
    // The account to transfer to (a CBU has 22 digits).
    await expect(waiting).toContainText(/\d{22}/);
    await expect(page.getByText(SUCCESS_PAGE.title)).toHaveCount(0);
    await expect(page.getByRole('button', { name: CHECKOUT_TEXT.cancel })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-checkout-waiting');
    // Still waiting after a reload, and the units stay reserved.
    await page.reload();
    await expect(page.getByTestId('transfer-waiting')).toBeVisible();
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before - 1);
    const reference = (await waiting.textContent())!.match(/VM-[0-9A-Z]{10}/)![0];
    const checkoutUrl = page.url();
    await page.getByRole('link', { name: CHECKOUT_TEXT.backToStore }).click();
    await expect(page).toHaveURL(/\/store$/);

    // The admin confirms it from Pedidos when the money arrives; the buyer's page then says paid.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await admin.goto('/login');
    await admin.getByLabel('Correo electrónico').fill(ADMIN.email);
    await admin.getByLabel('Contraseña').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(admin).toHaveURL(/\/admin$/);
    await admin.goto('/admin/orders');
    const transfers = admin.getByRole('region', {
      name: /Transferencias de la tienda por confirmar/,
    });
    const row = transfers.getByRole('listitem').filter({ hasText: reference });
    await expect(row).toContainText('ARS 135,700.00');
    await row.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
    await admin
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Confirmar transferencia recibida' })
      .click();
    await expect(toastOf(admin)).toContainText('Transferencia de la tienda confirmada.');
    await expect(transfers.getByText(reference)).toHaveCount(0);
    // The storefront order is one of the platform's orders: listed under its channel, completed.
    await admin.getByRole('button', { name: 'Tienda', exact: true }).click();
    await expect(admin).toHaveURL(/channel=store/);
    const listed = admin.getByRole('row', { name: new RegExp(reference) });
    await expect(listed).toContainText('Tienda');
    await expect(listed.getByRole('combobox')).toHaveValue('approved');
    await adminContext.close();
    await page.goto(checkoutUrl);
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.paidTitle })).toBeVisible();
  });

  test('cancel releases the reservation and returns to the cancel address', async ({
    page,
    request,
    baseURL,
  }) => {
    const before = await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut');
    const url = await startCheckout(request, baseURL!, [
      { variant_id: 'aurora-walnut', quantity: 2 },
    ]);
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before - 2);
    await page.goto(url);
    await expect(page.getByTestId('checkout-total')).toHaveText('ARS 179,800.00');
    await page.getByRole('button', { name: CHECKOUT_TEXT.cancel }).click();
    await expect(page).toHaveURL(/\/store$/);
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before);

    // The same link now says the checkout was cancelled.
    await page.goto(url);
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.cancelledTitle })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-checkout-cancelled');
  });

  test('a link with a wrong token shows that the checkout does not exist', async ({
    page,
    request,
    baseURL,
  }) => {
    const url = new URL(await startCheckout(request, baseURL!));
    url.searchParams.set('token', 'x'.repeat(43));
    await page.goto(url.toString());
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.notFoundTitle })).toBeVisible();
    await expect(page.getByText(CHECKOUT_PAGE_MESSAGES.orderNotFound)).toBeVisible();
  });
});
