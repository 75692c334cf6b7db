import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { formatArs } from '../../src/shared/money';
import { SELLER_MESSAGES } from '../../src/shared/seller/seller.schema';
import { E2E_BASE_URL } from '../../playwright.config';
import { expect, seriousA11yViolations, test, toastOf, VIEWPORTS } from './fixtures';
import { TEST_PASSWORD } from '../factories/test-password';

/**
 * Issue 10: a seller works from the phone. Everything the seller does happens in
 * the browser at 375 px; the company uses the real API, the buyer the pay page.
 */
const PHONE = VIEWPORTS.phone;
const SHOTS = process.env.SELLER_SHOTS_DIR ?? path.resolve('.tmp/shots-seller');
const PASSWORD = TEST_PASSWORD;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const unique = () => randomBytes(4).toString('hex');
const plain = (text: string) => text.replace(/\s+/g, ' ');

interface InboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** A context that sends the app's Origin, as the browser does, and keeps its own cookies. */
function apiContext() {
  return playwrightRequest.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
}

async function confirmEmail(api: APIRequestContext, address: string) {
  let mail: InboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const response = await api.get('/dev/mail', { headers: { accept: 'application/json' } });
        const { messages } = (await response.json()) as { messages: InboxEntry[] };
        mail = messages.find((m) => m.to === address && /Confirma tu cuenta/.test(m.subject));
        return Boolean(mail);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  const token = new URL(mail!.links[0]!).searchParams.get('token')!;
  expect((await api.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
}

/** A confirmed, signed-in company with a collector id, a transfer method and one product. */
async function companyWithProduct(provinces: string[], title: string) {
  const api = await apiContext();
  const email = `empresa-${unique()}@example.com`;
  const created = await api.post('/api/register', {
    data: {
      name: 'Nora Quiroga',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'company',
      companyName: 'Dulces del Norte SA',
      shipping_provinces: provinces,
    },
  });
  expect(created.status()).toBe(201);
  await confirmEmail(api, email);
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const settings = await api.patch('/api/company/settings', {
    data: { provider_collector_id: '987654321' },
  });
  expect(settings.status()).toBe(200);
  const product = await api.post('/api/company/products', {
    data: {
      title,
      description: 'Dulce de leche artesanal de Tucumán, frasco de vidrio.',
      // $ 100.000 base + 15 % commission: the buyer pays $ 115.000, the seller earns $ 11.250.
      price_cents: 10_000_000,
      stock: 50,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1500,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const method = await api.post('/api/company/payment-methods', {
    data: {
      provider: 'transferencia',
      is_active: true,
      config: {
        bankName: 'Banco de la Nación Argentina',
        accountHolder: 'Dulces del Norte SA',
        cbu: '0110599520000001234569',
        cuit: '30-71234567-1',
      },
    },
  });
  expect(method.status(), await method.text()).toBe(201);
  return { api, productId: (await product.json()).id as string };
}

/** A confirmed seller (signed up with an identity document, as the form sends it). */
async function confirmedSeller(province: string, name: string) {
  const api = await apiContext();
  const email = `vendedor-${unique()}@example.com`;
  const created = await api.post('/api/register', {
    multipart: {
      name,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'seller',
      province,
      document: { name: 'dni.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await confirmEmail(api, email);
  await api.dispose();
  return email;
}

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL('/seller');
}

/** Full-page shots at 375 and 1280 px (outside the repository), then back to the phone. */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

async function openSection(page: Page, label: string) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog').getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

test.describe('seller workspace on a phone', () => {
  test.use({ viewport: PHONE });

  test('shares a product, the buyer pays by transfer, and the sale shows on the dashboard', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const title = `Dulce de leche ${unique()}`;
    const company = await companyWithProduct(['Catamarca', 'La Rioja'], title);
    const email = await confirmedSeller('Catamarca', 'Lucía Herrera');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: E2E_BASE_URL,
    });

    await signIn(page, email);
    await expect(page.getByRole('heading', { name: '¡Hola, Lucía Herrera!' })).toBeVisible();
    await expect(page.getByText('Vendes en Catamarca')).toBeVisible();
    await shoot(page, 'dashboard-empty');

    // A goal for this month: 2 sales and $ 10.000 of commissions.
    await openSection(page, 'Metas');
    await page.getByLabel('Ventas del mes').fill('2');
    await page.getByLabel('Comisiones del mes (en pesos)').fill('10000');
    await page.getByRole('button', { name: 'Guardar meta' }).click();
    await expect(toastOf(page)).toContainText('Tu meta quedó guardada.');
    await expect(page.getByText('Te faltan 2 ventas')).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'goals');

    // Catálogo: the product, its price and what the seller earns.
    await openSection(page, 'Catálogo');
    await page.getByLabel('Buscar productos').fill(title);
    const card = page.getByTestId('catalogue-card').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(page.getByTestId('catalogue-card')).toHaveCount(1);
    await expect(card).toContainText('Dulces del Norte SA');
    await expect(card).toContainText(plain(formatArs(11_500_000)));
    await expect(card.getByTestId('seller-earns')).toContainText(
      plain(`Ganas ${formatArs(1_125_000)}`),
    );
    expect(await seriousA11yViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Copiar link' }).click();
    await expect(card.getByRole('button', { name: '¡Link copiado!' })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${E2E_BASE_URL}/pay/${company.productId}\\?ref=[\\w-]+$`));
    await expect(card.getByRole('button', { name: 'Copiar link' })).toBeVisible({
      timeout: 4_000,
    });

    // The WhatsApp link carries a ready message with the personal link.
    const whatsapp = await card.getByRole('link', { name: /WhatsApp/ }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    const message = new URL(whatsapp!).searchParams.get('text')!;
    expect(message).toContain(link);
    expect(message).toContain(title);

    // The QR library arrives only when the QR is opened.
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await card.getByRole('button', { name: 'Ver QR' }).click();
    const dialog = page.getByRole('dialog', { name: 'Código QR de tu link' });
    await expect(dialog.getByTestId('product-qr')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    await expect(dialog.getByRole('link', { name: 'Descargar QR' })).toHaveAttribute(
      'download',
      /^qr-dulce-de-leche-/,
    );
    await shoot(page, 'catalogue-qr');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await page.getByLabel('Buscar productos').fill('');
    await shoot(page, 'catalogue');

    // A buyer opens the link on a phone and pays by transfer on the pay page.
    const buyerPage = await context.browser()!.newPage({ viewport: PHONE });
    await buyerPage.goto(link);
    await expect(buyerPage.getByText('Te lo recomienda Lucía Herrera')).toBeVisible();
    await buyerPage.getByLabel('Nombre y apellido').fill('Ramiro Paz');
    await buyerPage.getByLabel('E-mail').fill('ramiro@example.com');
    await buyerPage.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(buyerPage).toHaveURL(/\/transfer\/[0-9a-f-]+\?token=/);
    const orderId = new URL(buyerPage.url()).pathname.split('/').pop()!;
    await expect(buyerPage.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    await buyerPage.close();

    await openSection(page, 'Mis Ventas');
    const sale = page.getByTestId('sale-row').filter({ hasText: title });
    await expect(sale).toContainText('Pendiente de Transf.');
    await expect(sale).toContainText(plain(formatArs(1_125_000)));

    // The company confirms the transfer.
    const confirmed = await company.api.post(`/api/company/orders/${orderId}/confirm-transfer`);
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await company.api.dispose();

    await page.reload();
    await expect(sale).toContainText('Completado');
    await page.getByRole('button', { name: 'Completado' }).click();
    await expect(page).toHaveURL(/estado=approved/);
    await expect(page.getByTestId('sale-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Pendiente de Pago' }).click();
    await expect(page.getByText('No hay ventas con ese estado')).toBeVisible();
    await page.getByRole('button', { name: 'Todos' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'sales');

    // The dashboard: the sale, the commission, the points and the goal's progress.
    await page.goto('/seller');
    await expect(page.getByTestId('figure-total-sales')).toHaveText(plain(formatArs(11_500_000)));
    await expect(page.getByTestId('figure-commissions')).toHaveText(plain(formatArs(1_125_000)));
    await expect(page.getByTestId('figure-sales-count')).toHaveText('1');
    // API.md "Points": 10 per sale + 1 per whole $ 1.000 of commission ($ 11.250 → 11).
    await expect(page.getByTestId('figure-points')).toHaveText('21');
    await expect(page.getByTestId('figure-rank')).toHaveText(/^#\d+$/);
    const goal = page.getByTestId('dashboard-goal');
    await expect(goal).toContainText('1 de 2 ventas');
    await expect(goal).toContainText('Te falta 1 venta');
    await expect(goal.getByRole('progressbar').first()).toHaveAttribute('aria-valuenow', '50');
    const activity = page.getByTestId('recent-activity');
    await expect(activity.getByRole('listitem').first()).toContainText('Completado');
    await expect(activity.getByRole('listitem').first()).toContainText(title);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'dashboard');

    await openSection(page, 'Ranking');
    await expect(page.getByTestId('ranking-me')).toContainText('Lucía Herrera');
    await page.getByLabel('Ver ranking').selectOption('Catamarca');
    await expect(page.getByTestId('ranking-me')).toContainText('21');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'ranking');

    await openSection(page, 'Configuración');
    await page.getByText('Transferencia bancaria').click();
    await page.getByLabel('CBU o CVU', { exact: true }).fill('0110599520000001234560');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(page.getByText('El CBU debe tener 22 dígitos')).toBeVisible();
    await page.getByLabel('CBU o CVU', { exact: true }).fill('0110599520000001234569');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(page)).toContainText(SELLER_MESSAGES.saved);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'settings');
  });

  test('a seller where no company ships sees why the catalogue is empty', async ({ page }) => {
    const email = await confirmedSeller('Tierra del Fuego', 'Iván Correa');
    await signIn(page, email);
    await openSection(page, 'Catálogo');
    await expect(page.getByText('Todavía no hay productos para tu provincia')).toBeVisible();
    await expect(page.getByText(/Ninguna empresa envía a Tierra del Fuego/)).toBeVisible();
    await shoot(page, 'catalogue-empty');

    await openSection(page, 'Mis Ventas');
    await expect(page.getByText('Todavía no tienes ventas')).toBeVisible();
    await shoot(page, 'sales-empty');

    // Moving to a province changes the catalogue at once.
    await openSection(page, 'Configuración');
    await page.getByLabel('Provincia').selectOption('Córdoba');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(page)).toContainText(SELLER_MESSAGES.saved);
    await openSection(page, 'Catálogo');
    await expect(page.getByText(/Córdoba · /)).toBeVisible();
  });
});
