import type { Page } from '@playwright/test';
import { E2E_STORE_ID } from '../../playwright.config';
import type { StoreProductsResponse } from '../../src/shared/store/store.schema';
import { STORE_TEXT } from '../../src/web/features/store/store-messages';
import { expect, test, VIEWPORTS } from './fixtures';

/**
 * The store pages hold still while they load (Lighthouse's CLS goal is ≤ 0.05):
 * a phone at 4× slower CPU, with the catalogue and the session answering late,
 * so the grid, the product and the header's account link all arrive after the
 * first paint. Every layout shift not caused by input counts (a stricter sum
 * than Lighthouse's worst session window).
 */
const CLS_LIMIT = 0.05;
/** The label of the spinner the app shows while a page's code loads (Spinner's default). */
const APP_SPINNER_LABEL = 'Cargando…';
const API_DELAY_MS = 1_200;

interface Shift {
  value: number;
  sources: string[];
}

async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          // Where each moved element sits (header, main or footer) and what it is.
          sources: (entry.sources ?? []).map((source) => {
            const node = source.node;
            const element = node instanceof Element ? node : (node?.parentElement ?? null);
            const region = element?.closest('header, main, footer')?.tagName.toLowerCase();
            return `${region ?? '?'}: ${element?.tagName.toLowerCase() ?? '?'}.${element?.className ?? ''}`;
          }),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Loads `path` slowly and returns the shifts it made, once `ready` is visible and still. */
async function loadSlowly(
  page: Page,
  path: string,
  ready: (page: Page) => Promise<void>,
  options: { signedIn?: boolean } = {},
): Promise<Shift[]> {
  await recordShifts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const late = async (fulfil: () => Promise<void>) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await fulfil();
  };
  await page.route(`**/api/store/${E2E_STORE_ID}/**`, (route) => late(() => route.continue()));
  await page.route('**/api/me', (route) =>
    late(() =>
      options.signedIn
        ? route.fulfill({
            json: {
              user: {
                id: 'u1',
                name: 'Ana Vendedora',
                email: 'ana@example.com',
                emailVerified: true,
                twoFactorEnabled: false,
                twoFactorRequired: false,
              },
              profile: null,
            },
          })
        : route.continue(),
    ),
  );
  await page.goto(path);
  await ready(page);
  // Images, the cards' staggered entrance and anything still settling.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

async function firstProductId(page: Page): Promise<string> {
  const response = await page.request.get(`/api/store/${E2E_STORE_ID}/products?limit=1`);
  const id = ((await response.json()) as StoreProductsResponse).products[0]?.id;
  if (!id) throw new Error('the demo catalogue has no products');
  return id;
}

/** Every loading status the page put in the DOM while it opened, by its text. */
async function recordLoadingStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __statuses: Set<string> }).__statuses = seen;
    new MutationObserver(() => {
      document
        .querySelectorAll('[role="status"]')
        .forEach((status) => seen.add(status.textContent?.trim() ?? ''));
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => [...(window as unknown as { __statuses: Set<string> }).__statuses]);
}

test.describe('store pages open in one paint', () => {
  for (const name of ['the store', 'a product page']) {
    test(`${name} shows its own frame first, never the app's loading spinner`, async ({ page }) => {
      const path = name === 'the store' ? '/store' : `/product/${await firstProductId(page)}`;
      const statuses = await recordLoadingStatuses(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The app shell's spinner would mean a pass before the page's code was in.
      expect(await statuses()).not.toContain(APP_SPINNER_LABEL);
    });
  }

  test('a product page paints with its product, announced in the page, not a skeleton first', async ({
    page,
  }) => {
    const path = `/product/${await firstProductId(page)}`;
    const statuses = await recordLoadingStatuses(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await statuses()).not.toContain(STORE_TEXT.loading);
  });
});

test.describe('store pages hold still while loading', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    test(`/store on a ${label}: CLS at most ${CLS_LIMIT} with the grid and session late`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const shifts = await loadSlowly(page, '/store', async (p) => {
        await expect(p.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
        await expect(p.getByTestId('store-account-link')).toBeVisible();
      });
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
    });

    test(`a product page on a ${label}: CLS at most ${CLS_LIMIT} with the product late`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const id = await firstProductId(page);
      const shifts = await loadSlowly(page, `/product/${id}`, async (p) => {
        await expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await expect(p.getByTestId('store-account-link')).toBeVisible();
      });
      expect(total(shifts), JSON.stringify(shifts)).toBeLessThanOrEqual(CLS_LIMIT);
    });
  }

  test('the header keeps the cart in place when a signed-in visitor gets the dashboard link', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const shifts = await loadSlowly(
      page,
      '/store',
      async (p) => {
        await expect(p.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
        await expect(p.getByTestId('store-account-link')).toHaveAttribute('href', '/dashboard');
      },
      { signedIn: true },
    );
    const headerShifts = shifts.filter((shift) =>
      shift.sources.some((s) => s.startsWith('header')),
    );
    expect(headerShifts, JSON.stringify(shifts)).toEqual([]);
  });
});
