import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_STORE_ID } from '../../playwright.config';
import { SUPPORT_MESSAGES } from '../../src/shared/messages';
import type { StoreProductsResponse } from '../../src/shared/store/store.schema';
import { CART_STORAGE_KEY } from '../../src/web/features/store/cart/cart-logic';
import { CART_TEXT, STORE_TEXT } from '../../src/web/features/store/store-messages';
import { expect, SCREENSHOT_DIR, test, toastOf, VIEWPORTS, toastWords } from './fixtures';

/**
 * A toast must never sit over the button the visitor needs next: the cart
 * drawer's Checkout (to try again) and the support form's submit.
 */

async function expectApart(page: Page, toast: Locator, button: Locator) {
  // Let the entrance animation finish before measuring.
  await page.waitForTimeout(400);
  const [a, b] = await Promise.all([toast.boundingBox(), button.boundingBox()]);
  expect(a, 'toast on screen').not.toBeNull();
  expect(b, 'button on screen').not.toBeNull();
  const overlap =
    a!.x < b!.x + b!.width &&
    b!.x < a!.x + a!.width &&
    a!.y < b!.y + b!.height &&
    b!.y < a!.y + a!.height;
  expect(overlap, `toast ${JSON.stringify(a)} covers button ${JSON.stringify(b)}`).toBe(false);
  // And the toast is fully inside the screen.
  const viewport = page.viewportSize()!;
  expect(a!.x).toBeGreaterThanOrEqual(0);
  expect(a!.x + a!.width).toBeLessThanOrEqual(viewport.width);
  expect(a!.y + a!.height).toBeLessThanOrEqual(viewport.height);
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

for (const [label, size] of Object.entries(VIEWPORTS)) {
  test.describe(`toasts at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("a checkout error does not cover the cart drawer's Checkout", async ({
      page,
      request,
    }) => {
      const response = await request.get(`/api/store/${E2E_STORE_ID}/products?limit=100`);
      const { products } = (await response.json()) as StoreProductsResponse;
      const product = products.find(
        (p) =>
          p.purchasable &&
          p.variants.length === 1 &&
          (!p.variants[0]!.manage_inventory || p.variants[0]!.inventory_quantity > 0),
      )!;
      const refusal = 'You can buy at most 10 items in one order.';
      await page.route(`**/api/store/${E2E_STORE_ID}/checkout`, (route) =>
        route.fulfill({
          status: 400,
          json: { error: { code: 'ORDER_LIMIT', message: refusal } },
        }),
      );

      await page.goto('/store');
      await page.evaluate((key) => localStorage.removeItem(key), CART_STORAGE_KEY);
      await page.reload();
      await page
        .getByTestId('product-card')
        .filter({ has: page.getByRole('link', { name: product.title, exact: true }) })
        .getByRole('button', { name: /Add to Cart/ })
        .click();
      await expect(toastOf(page)).toContainText(toastWords(CART_TEXT.addedTitle));
      await page.getByTestId('cart-button').click();
      const drawer = page.getByRole('dialog', { name: /Cart/ });
      const checkout = drawer.getByRole('button', { name: STORE_TEXT.checkout });
      await checkout.click();
      await expect(toastOf(page)).toContainText(CART_TEXT.checkoutErrorTitle);
      await expect(toastOf(page)).toContainText(refusal);
      await expectApart(page, toastOf(page), checkout);
      await screenshot(page, `toast-cart-checkout-error-${label}`);
    });

    test("a sent message's toast does not cover the support form's submit", async ({ page }) => {
      await page.goto('/support');
      await page.getByLabel('Nombre').fill('Martina Ruiz');
      await page.getByLabel('Correo electrónico').fill('martina@example.com');
      await page.getByLabel('Mensaje').fill(`Consulta ${Date.now()} sobre mis comisiones.`);
      const submit = page.getByRole('button', { name: 'Enviar mensaje' });
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      await expect(toastOf(page)).toContainText(toastWords(SUPPORT_MESSAGES.sentTitle));
      await expectApart(page, toastOf(page), submit);
      await screenshot(page, `toast-support-sent-${label}`);
    });
  });
}
