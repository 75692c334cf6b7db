import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { TEST_PASSWORD } from '../factories/test-password';
import { splitToastTitle } from '../../src/web/components/ui/toast-emoji';
import { ARGENTINA_TIME_ZONE } from '../../src/shared/time';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const VIEWPORTS = {
  phone: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

export const SCREENSHOT_DIR = path.resolve('screenshots');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // evaluate() is not subject to the page's CSP (which rightly blocks inline scripts).
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Full-page screenshots at phone and desktop widths into the git-ignored screenshots/ folder. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${label}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/**
 * Records every script the page downloads; call the returned function after
 * navigating to get the bytes they took on the wire (compressed body and
 * headers, as the browser's network panel shows them) and their paths.
 */
export function recordScripts(page: Page): () => Promise<{ bytes: number; files: string[] }> {
  const scripts: Promise<{ path: string; bytes: number }>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({
          path: new URL(response.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        })),
    );
  });
  return async () => {
    const loaded = await Promise.all(scripts);
    return {
      bytes: loaded.reduce((sum, script) => sum + script.bytes, 0),
      files: loaded.map((script) => script.path),
    };
  };
}

/** The visible toast (spec 01 §9: at most one at a time). */
export function toastOf(page: Page) {
  return page.locator('[data-toast]');
}

/** A toast title's words as the page shows them: its emoji are drawn as icons. */
export function toastWords(title: string): string {
  return splitToastTitle(title).text;
}

export const test = base;
export { expect };

interface InboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** The e2e server has no SMTP_URL: its mail lands in the local inbox, listed at /dev/mail. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: RegExp,
  count = 1,
) {
  let found: InboxEntry[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get('/dev/mail', {
          headers: { accept: 'application/json' },
        });
        const { messages } = (await response.json()) as { messages: InboxEntry[] };
        found = messages.filter((m) => m.to === to && subject.test(m.subject));
        return found.length;
      },
      { timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found[0]!;
}

/** A confirmed company made through the API (the UI journey is tested separately). */
export async function confirmedCompany(
  request: APIRequestContext,
  options: { shippingProvinces?: string[]; companyName?: string } = {},
) {
  const address = `empresa-${randomBytes(4).toString('hex')}@example.com`;
  const password = TEST_PASSWORD;
  const created = await request.post('/api/register', {
    data: {
      name: 'Paula Ríos',
      email: address,
      password,
      confirmPassword: password,
      role: 'company',
      companyName: options.companyName ?? 'Ríos Hermanos SRL',
      shipping_provinces: options.shippingProvinces ?? ['Salta', 'Jujuy'],
    },
  });
  expect(created.status()).toBe(201);
  const mail = await waitForMail(request, address, /Confirma tu cuenta/);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  return { address, password };
}

/** A confirmed seller made through the API, with an identity document, in a province. */
export async function confirmedSeller(
  request: APIRequestContext,
  options: { province: string; name: string },
) {
  const address = `vendedor-${randomBytes(4).toString('hex')}@example.com`;
  const password = TEST_PASSWORD;
  const created = await request.post('/api/register', {
    multipart: {
      name: options.name,
      email: address,
      password,
      confirmPassword: password,
      role: 'seller',
      province: options.province,
      document: {
        name: 'dni.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(
          '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
        ),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(request, address, /Confirma tu cuenta/);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  return { address, password, name: options.name };
}

/**
 * A page of its own (Argentine locale and time, desktop width), signed in
 * through the login form, on the e2e server unless `baseURL` names another app.
 */
export async function signedInPage(
  browser: Browser,
  email: string,
  password: string,
  options: { baseURL?: string } = {},
) {
  const context = await browser.newContext({
    ...options,
    locale: 'es-AR',
    timezoneId: ARGENTINA_TIME_ZONE,
    viewport: VIEWPORTS.desktop,
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

/**
 * A product of the signed-in company on `page`, made through the API at 10 %
 * commission with 10 units (its collector id set first, as creating needs);
 * answers the product's id.
 */
export async function companyProduct(
  page: Page,
  product: { title: string; description: string; priceCents: number },
): Promise<string> {
  const headers = { origin: new URL(page.url()).origin };
  const settings = await page.request.patch('/api/company/settings', {
    data: { provider_collector_id: '555444333' },
    headers,
  });
  expect(settings.status()).toBe(200);
  const created = await page.request.post('/api/company/products', {
    data: {
      title: product.title,
      description: product.description,
      price_cents: product.priceCents,
      stock: 10,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1000,
    },
    headers,
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The seller's own link to the product, from their catalogue (the seller signed in on `page`). */
export async function sellerLink(page: Page, title: string): Promise<string> {
  const catalogue = await page.request.get(`/api/seller/catalogue?q=${encodeURIComponent(title)}`);
  expect(catalogue.status()).toBe(200);
  return (await catalogue.json()).items[0].link as string;
}

/** The `ref` code of the seller's link to the product. */
export async function sellerRef(page: Page, title: string): Promise<string> {
  return new URL(await sellerLink(page, title)).searchParams.get('ref')!;
}

export { uniqueCbu } from '../factories/cbu';
