import type { APIRequestContext } from '@playwright/test';
import { SUCCESS_PAGE } from '../../src/shared/messages';
import { CHECKOUT_PAGE_MESSAGES } from '../../src/shared/store/checkout.schema';
import { CHECKOUT_TEXT } from '../../src/web/features/checkout/checkout-messages';
import { expect, screenshotBothWidths, seriousA11yViolations, test } from './fixtures';

/** Starts from a real POST checkout, as the storefront's cart does. */
async function startCheckout(
  request: APIRequestContext,
  baseURL: string,
  items = [
    { variant_id: 'aurora-walnut', quantity: 1 },
    { variant_id: 'mug-sage', quantity: 2 },
  ],
) {
  const response = await request.post('/api/store/vendemas/checkout', {
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
    `/api/store/vendemas/variants?fields=inventory_quantity&product_ids[]=${productId}`,
  );
  const { variants } = (await response.json()) as {
    variants: { id: string; inventory_quantity: number }[];
  };
  return variants.find((v) => v.id === variantId)!.inventory_quantity;
}

test.describe('hosted checkout page', () => {
  test('shows the order, validates the buyer, pays by bank transfer and lands on /success', async ({
    page,
    request,
    baseURL,
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
    // 69.00 (lamp on sale) + 2 × 18.00
    await expect(page.getByTestId('checkout-total')).toHaveText('€105.00');
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
    await page.getByRole('button', { name: 'Place order · €105.00' }).click();

    const instructions = page.getByTestId('transfer-instructions');
    await expect(instructions).toContainText(CHECKOUT_TEXT.transferHeading);
    await expect(instructions).toContainText('0110599520000001234567');
    await expect(instructions).toContainText('VENDEMAS.TIENDA.PAGOS');
    await expect(instructions).toContainText(/VM-[0-9A-F]{8}/);
    await expect(instructions).toContainText('€105.00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-checkout-transfer');

    // The reservation is kept while the transfer is pending, also after a reload.
    await page.reload();
    await expect(page.getByTestId('transfer-instructions')).toBeVisible();
    expect(await stockOf(request, 'aurora-desk-lamp', 'aurora-walnut')).toBe(before - 1);

    await page.getByRole('button', { name: CHECKOUT_TEXT.transferDone }).click();
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('heading', { name: SUCCESS_PAGE.title })).toBeVisible();
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
    await expect(page.getByTestId('checkout-total')).toHaveText('€138.00');
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
