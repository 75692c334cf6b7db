import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_STORE_ID } from '../../playwright.config';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { LANDING_LABELS, SUCCESS_PAGE } from '../../src/shared/messages';
import type { StoreProduct, StoreProductsResponse } from '../../src/shared/store/store.schema';
import { CHECKOUT_TEXT } from '../../src/web/features/checkout/checkout-messages';
import { CART_STORAGE_KEY } from '../../src/web/features/store/cart/cart-logic';
import { CART_TEXT, STORE_TEXT } from '../../src/web/features/store/store-messages';
import {
  expect,
  recordScripts,
  SCREENSHOT_DIR,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  VIEWPORTS,
  toastWords,
} from './fixtures';

/**
 * The storefront journey against the seeded demo catalogue (spec 01 §2, §4, §5,
 * §7). Products are picked by what they are (several styles, limited stock, sold
 * out) rather than by name, so the seed can change.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const WEB_DIR = path.resolve(`.tmp/e2e-${port}/web`);

async function catalogue(request: APIRequestContext): Promise<StoreProduct[]> {
  const response = await request.get(`/api/store/${E2E_STORE_ID}/products?limit=100`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as StoreProductsResponse).products;
}

const managedStock = (product: StoreProduct) =>
  product.variants.length === 1 && product.variants[0]?.manage_inventory
    ? product.variants[0].inventory_quantity
    : undefined;

function multiStyleProduct(products: StoreProduct[]) {
  const product = products.find(
    (p) =>
      p.purchasable &&
      p.variants.length > 1 &&
      p.variants.some((v, i) => i > 0 && (!v.manage_inventory || v.inventory_quantity >= 2)),
  );
  if (!product) throw new Error('the demo catalogue needs a product with several styles');
  const index = product.variants.findIndex(
    (v, i) => i > 0 && (!v.manage_inventory || v.inventory_quantity >= 2),
  );
  return { product, variant: product.variants[index]! };
}

async function clearCart(page: Page) {
  await page.evaluate((key) => localStorage.removeItem(key), CART_STORAGE_KEY);
}

async function closeToast(page: Page) {
  const close = toastOf(page).getByRole('button');
  if (await close.isVisible().catch(() => false)) await close.click();
  await expect(toastOf(page)).toHaveCount(0);
}

test.describe('storefront', () => {
  test('a visitor chooses a style, adds 2, keeps the cart across a reload and checks out on the hosted page', async ({
    page,
    request,
  }) => {
    const products = await catalogue(request);
    const { product, variant } = multiStyleProduct(products);

    await page.goto('/store');
    await expect(page.getByRole('link', { name: STORE_TEXT.storeLink }).first()).toHaveAttribute(
      'href',
      '/store',
    );
    const cards = page.getByTestId('product-card');
    await expect(cards).toHaveCount(products.length);
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);

    // With several styles, the card's button goes to the detail page instead of adding.
    const card = cards.filter({
      has: page.getByRole('link', { name: product.title, exact: true }),
    });
    await card.getByRole('button', { name: /Add to Cart/ }).click();
    await expect(page).toHaveURL(`/product/${product.id}`);
    await expect(page).toHaveTitle(`${product.title}${STORE_TEXT.titleSuffix}`);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeLessThanOrEqual(160);
    await expect(page.getByRole('link', { name: STORE_TEXT.backToStore })).toHaveAttribute(
      'href',
      '/store',
    );

    // The first style is preselected; choose another.
    await expect(page.getByRole('radio', { name: product.variants[0]!.title })).toBeChecked();
    await page.getByText(variant.title, { exact: true }).click();
    await expect(page.getByRole('radio', { name: variant.title })).toBeChecked();
    if (variant.image_url) {
      await expect(page.locator('[aria-roledescription="slide"][data-active] img')).toHaveAttribute(
        'src',
        variant.image_url,
      );
    }

    await page.getByRole('button', { name: STORE_TEXT.increase }).click();
    await expect(page.getByTestId('quantity-value')).toHaveText('2');
    await page.getByRole('button', { name: STORE_TEXT.addToCart, exact: true }).click();
    await expect(toastOf(page)).toContainText(toastWords(CART_TEXT.addedTitle));
    await expect(toastOf(page)).toContainText(CART_TEXT.addedMany(2, product.title, variant.title));
    await expect(page.getByTestId('cart-badge')).toHaveText('2');

    // The cart survives a reload.
    await page.reload();
    await expect(page.getByTestId('cart-badge')).toHaveText('2');
    await page.getByTestId('cart-button').click();
    const drawer = page.getByRole('dialog', { name: /Cart/ });
    await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
    await expect(drawer.getByTestId('cart-line')).toContainText(variant.title);
    await expect(drawer.getByTestId('quantity-value')).toHaveText('2');
    await page.waitForTimeout(300);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotDrawer(page);

    // Checkout posts the cart and lands on our hosted checkout page.
    const posted = page.waitForRequest(`**/api/store/${E2E_STORE_ID}/checkout`);
    // Read before the click: checking out navigates away from this page.
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await drawer.getByRole('button', { name: STORE_TEXT.checkout }).click();
    const body = (await posted).postDataJSON();
    expect(body).toMatchObject({
      items: [{ variant_id: variant.id, quantity: 2 }],
      successUrl: expect.stringMatching(/\/success$/),
      cancelUrl: expect.stringContaining(`/product/${product.id}`),
      locale: 'es-AR',
      timeZone,
    });
    await expect(page).toHaveURL(/\/checkout\/[\w-]+/);
    // The cart was cleared just before leaving.
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)).toBe('[]');

    // On the hosted checkout page (the server side's): pay by bank transfer, then /success.
    await expect(page.getByRole('heading', { name: CHECKOUT_TEXT.pageTitle })).toBeVisible();
    await expect(page.getByTestId('checkout-lines')).toContainText(product.title);
    await expect(page.getByTestId('checkout-lines')).toContainText(variant.title);
    await page.getByLabel(CHECKOUT_TEXT.name).fill('Lucía Fernández');
    await page.getByLabel(CHECKOUT_TEXT.email).fill('lucia@example.com');
    await page.getByLabel(CHECKOUT_TEXT.phone).fill('+54 11 5555-9876');
    await page.getByLabel(CHECKOUT_TEXT.address).fill('Av. Santa Fe 1860');
    await page.getByLabel(CHECKOUT_TEXT.city).fill('Buenos Aires');
    await page.getByLabel(CHECKOUT_TEXT.postalCode).fill('C1123');
    await page.getByLabel(CHECKOUT_TEXT.province).fill('Ciudad Autónoma de Buenos Aires');
    await page.getByRole('button', { name: /Place order/ }).click();
    await expect(page.getByTestId('transfer-instructions')).toBeVisible();
    await page.getByRole('button', { name: CHECKOUT_TEXT.transferDone }).click();
    // Not paid yet: the page waits for the transfer instead of claiming success.
    await expect(page.getByTestId('transfer-waiting')).toBeVisible();
    await expect(page.getByText(SUCCESS_PAGE.title)).toHaveCount(0);
    await page.getByRole('link', { name: CHECKOUT_TEXT.backToStore }).click();
    await expect(page).toHaveURL('/store');
    await expect(page.getByRole('heading', { name: STORE_TEXT.productsHeading })).toBeVisible();
    // The order waits for its transfer: the cart does not come back.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
  });

  test('checkout with an empty cart is blocked with a toast', async ({ page }) => {
    await page.goto('/store');
    await clearCart(page);
    await page.reload();
    await page.getByTestId('cart-button').click();
    const drawer = page.getByRole('dialog', { name: /Cart/ });
    await expect(drawer).toContainText(STORE_TEXT.emptyDrawer);
    await drawer.getByRole('button', { name: STORE_TEXT.checkout }).click();
    await expect(toastOf(page)).toContainText(CART_TEXT.emptyCheckoutTitle);
    await expect(toastOf(page)).toContainText(CART_TEXT.emptyCheckoutDescription);
    await expect(page).toHaveURL('/store');
  });

  test('a managed-inventory product stops at its stock, counting the cart, with the status lines and the stock toast', async ({
    page,
    request,
  }) => {
    const products = await catalogue(request);
    const limited = products.find((p) => p.purchasable && (managedStock(p) ?? 0) >= 1);
    if (!limited) throw new Error('the demo catalogue needs a product with limited stock');
    const stock = managedStock(limited)!;
    const variant = limited.variants[0]!;

    await page.goto(`/product/${limited.id}`);
    await clearCart(page);
    await page.reload();
    await expect(page.getByText(STORE_TEXT.inStock(stock))).toBeVisible();
    const add = page.getByRole('button', { name: STORE_TEXT.addToCart, exact: true });
    for (let i = 1; i <= stock; i += 1) {
      await page.getByRole('button', { name: STORE_TEXT.increase }).click();
    }
    await expect(page.getByText(STORE_TEXT.notEnoughStock(stock))).toBeVisible();
    await expect(add).toBeDisabled();
    // Back within stock: add all of it; the line then counts what the cart holds.
    await page.getByRole('button', { name: STORE_TEXT.decrease }).click();
    await add.click();
    await expect(toastOf(page)).toContainText(toastWords(CART_TEXT.addedTitle));
    await closeToast(page);
    await expect(page.getByTestId('cart-badge')).toHaveText(String(stock));
    await expect(page.getByText(STORE_TEXT.allInCart(stock))).toBeVisible();
    await expect(add).toBeDisabled();

    // From the store's grid, one more is refused by the cart rule.
    await page.goto('/store');
    await page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('link', { name: limited.title, exact: true }) })
      .getByRole('button', { name: /Add to Cart/ })
      .click();
    await expect(toastOf(page)).toContainText(CART_TEXT.listErrorTitle);
    await expect(toastOf(page)).toContainText(
      CART_TEXT.stockShortage(limited.title, variant.title, stock),
    );
    await expect(page.getByTestId('cart-badge')).toHaveText(String(stock));
  });

  test('a sold-out product says so on its card, reads Currently unavailable and cannot be added', async ({
    page,
    request,
  }) => {
    const products = await catalogue(request);
    const soldOut = products.find((p) => managedStock(p) === 0);
    if (!soldOut) throw new Error('the demo catalogue needs a sold-out product');
    // On the store's grid the card says so instead of offering 'Add to Cart'.
    await page.goto('/store');
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.getByRole('link', { name: soldOut.title, exact: true }) });
    await expect(
      card.getByRole('button', { name: `${STORE_TEXT.soldOut}: ${soldOut.title}` }),
    ).toBeDisabled();

    await page.goto(`/product/${soldOut.id}`);
    await expect(page.getByText(STORE_TEXT.unavailable)).toBeVisible();
    await expect(
      page.getByRole('button', { name: STORE_TEXT.addToCart, exact: true }),
    ).toBeDisabled();
  });

  test('the store header offers sign-in to visitors and the dashboard to signed-in users, in English', async ({
    page,
  }) => {
    await page.goto('/store');
    const account = page.getByTestId('store-account-link');
    await expect(account).toHaveAttribute('href', '/login');
    await expect(account).toHaveAccessibleName(STORE_TEXT.signIn);
    // Header and footer speak the storefront's language, with no Spanish island in them.
    await expect(page.locator('header [lang], footer [lang]')).toHaveCount(0);

    const seller = DEMO_ACCOUNTS.find((a) => a.role === 'seller')!;
    await account.click();
    await page.getByLabel('Correo electrónico').fill(seller.email);
    await page.getByLabel('Contraseña').fill(seller.password);
    await page.getByRole('button', { name: LANDING_LABELS.signIn }).click();
    await expect(page).toHaveURL(/\/seller/);
    await page.goto('/store');
    await expect(page.getByTestId('store-account-link')).toHaveAttribute('href', '/dashboard');
    await expect(page.getByTestId('store-account-link')).toHaveAccessibleName(STORE_TEXT.dashboard);
  });

  test('an unknown product shows the error with a way back', async ({ page }) => {
    await page.goto('/product/no-such-product');
    await expect(page.getByRole('alert')).toHaveText(
      `${STORE_TEXT.productErrorPrefix}HTTP 404: Not Found`,
    );
    await expect(page.getByRole('link', { name: STORE_TEXT.goBack })).toHaveAttribute('href', '/');
  });

  test('the store and a product page have no serious accessibility violations and render at 375 and 1280 px', async ({
    page,
    request,
  }) => {
    const products = await catalogue(request);
    const { product } = multiStyleProduct(products);
    await page.goto('/store');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(products.length * 50 + 500);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-list');
    await expectNoSidewaysOverflow(page);

    await page.goto(`/product/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'store-product');
    await expectNoSidewaysOverflow(page);
  });

  test('the /store page keeps the product page code out and transfers at most 150 KB of JS', async ({
    page,
  }) => {
    const transferred = recordScripts(page);
    await page.goto('/store');
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { bytes, files } = await transferred();
    // DOMPurify and the carousel belong to the product page's chunk only.
    expect(files.some((s) => /product-page|purify/.test(s))).toBe(false);

    const sources = files.map((script) => readFileSync(path.join(WEB_DIR, script)));
    // scripts/build.ts always bundles for production; React's development runtime would mean it did not.
    expect(sources.some((source) => source.includes('jsxDEV'))).toBe(false);
    expect(bytes, files.join(', ')).toBeLessThanOrEqual(150 * 1024);
  });
});

async function expectNoSidewaysOverflow(page: Page) {
  await page.setViewportSize(VIEWPORTS.phone);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The drawer is fixed to the viewport, so it is captured as the viewport, not the full page. */
async function screenshotDrawer(page: Page) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `store-cart-drawer-${label}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}
