import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STORE_ID } from '../../playwright.config';
import type { StoreProduct, StoreProductsResponse } from '../../src/shared/store/store.schema';
import { CHECKOUT_TEXT } from '../../src/web/features/checkout/checkout-messages';
import { CART_STORAGE_KEY } from '../../src/web/features/store/cart/cart-logic';
import { PENDING_CHECKOUTS_KEY } from '../../src/web/features/store/cart/pending-checkout';
import { CART_TEXT, STORE_TEXT } from '../../src/web/features/store/store-messages';
import { expect, screenshotBothWidths, seriousA11yViolations, test, toastOf } from './fixtures';

/**
 * Coming back from the hosted checkout without buying (spec 01 §4 clears the cart
 * just before leaving): the cart comes back and the reservation is released at
 * once; an order being paid by transfer, or a checkout open in another tab, is
 * left alone.
 */

/** A product with one managed-inventory variant and room for a few units. */
async function limitedProduct(request: APIRequestContext) {
  const response = await request.get(`/api/store/${E2E_STORE_ID}/products?limit=100`);
  const { products } = (await response.json()) as StoreProductsResponse;
  const product = products.find(
    (p: StoreProduct) =>
      p.purchasable &&
      p.variants.length === 1 &&
      p.variants[0]!.manage_inventory &&
      p.variants[0]!.inventory_quantity >= 6,
  );
  if (!product) throw new Error('the demo catalogue needs a product with some stock');
  return { product, variant: product.variants[0]! };
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

/** From an empty cart on the product page: two units in the cart, then the drawer's Checkout. */
async function checkOutTwo(page: Page, productId: string) {
  await page.goto(`/product/${productId}`);
  await page.evaluate(
    (keys) => keys.forEach((key) => localStorage.removeItem(key)),
    [CART_STORAGE_KEY, PENDING_CHECKOUTS_KEY],
  );
  await page.reload();
  await page.getByRole('button', { name: STORE_TEXT.increase }).click();
  await page.getByRole('button', { name: STORE_TEXT.addToCart, exact: true }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('2');
  await page.getByTestId('cart-button').click();
  await page
    .getByRole('dialog', { name: /Cart/ })
    .getByRole('button', { name: STORE_TEXT.checkout })
    .click();
  await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.pageTitle })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)).toBe('[]');
}

test.describe('coming back from the hosted checkout', () => {
  test('cancelling on the hosted page gives the cart back and releases the reservation at once', async ({
    page,
    request,
  }) => {
    const { product, variant } = await limitedProduct(request);
    const before = await stockOf(request, product.id, variant.id);
    await checkOutTwo(page, product.id);
    expect(await stockOf(request, product.id, variant.id)).toBe(before - 2);

    await page.getByRole('button', { name: CHECKOUT_TEXT.cancel }).click();
    await expect(page).toHaveURL(`/product/${product.id}`);
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await expect(toastOf(page)).toContainText(CART_TEXT.restoredTitle);
    expect(await stockOf(request, product.id, variant.id)).toBe(before);
    expect(await page.evaluate((key) => localStorage.getItem(key), PENDING_CHECKOUTS_KEY)).toBe(
      null,
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-cart-restored');
  });

  test("the browser's Back button gives the cart back and releases the reservation", async ({
    page,
    request,
  }) => {
    const { product, variant } = await limitedProduct(request);
    const before = await stockOf(request, product.id, variant.id);
    await checkOutTwo(page, product.id);
    expect(await stockOf(request, product.id, variant.id)).toBe(before - 2);

    await page.goBack();
    await expect(page).toHaveURL(`/product/${product.id}`);
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await expect.poll(() => stockOf(request, product.id, variant.id)).toBe(before);

    // The cart is the same as before leaving: it checks out again.
    await page.getByTestId('cart-button').click();
    const drawer = page.getByRole('dialog', { name: /Cart/ });
    await expect(drawer.getByTestId('quantity-value')).toHaveText('2');
    await drawer.getByRole('button', { name: STORE_TEXT.checkout }).click();
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.pageTitle })).toBeVisible();
    await page.getByRole('button', { name: CHECKOUT_TEXT.cancel }).click();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
  });

  test('a second tab leaves an open checkout alone, and an order paid by transfer never comes back', async ({
    page,
    request,
  }) => {
    const { product, variant } = await limitedProduct(request);
    const before = await stockOf(request, product.id, variant.id);
    await checkOutTwo(page, product.id);

    // The visitor opens the store in another tab while the checkout is open.
    const other = await page.context().newPage();
    await other.goto('/store');
    await expect(other.getByTestId('product-card').first()).toBeVisible();
    await other.waitForLoadState('networkidle');
    await expect(other.getByTestId('cart-badge')).toHaveCount(0);
    expect(await stockOf(request, product.id, variant.id)).toBe(before - 2);
    await other.close();

    // Back on the first tab: pay by transfer, say it is made, then leave with Back.
    await page.getByLabel(CHECKOUT_TEXT.name).fill('Marta Gómez');
    await page.getByLabel(CHECKOUT_TEXT.email).fill('marta@example.com');
    await page.getByLabel(CHECKOUT_TEXT.phone).fill('+54 351 555-0101');
    await page.getByLabel(CHECKOUT_TEXT.address).fill('Bv. San Juan 450');
    await page.getByLabel(CHECKOUT_TEXT.city).fill('Córdoba');
    await page.getByLabel(CHECKOUT_TEXT.postalCode).fill('X5000');
    await page.getByLabel(CHECKOUT_TEXT.province).fill('Córdoba');
    await page.getByRole('button', { name: /Place order/ }).click();
    await page.getByRole('button', { name: CHECKOUT_TEXT.transferDone }).click();
    await expect(page.getByTestId('transfer-waiting')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(`/product/${product.id}`);
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), PENDING_CHECKOUTS_KEY))
      .toBe(null);
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    expect(await stockOf(request, product.id, variant.id)).toBe(before - 2);
  });
});
