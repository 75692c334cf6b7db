import type { APIRequestContext, Page } from '@playwright/test';
import { PANEL_TITLES } from '../../src/shared/accounts/messages';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  confirmedCompany,
  expect,
  seriousA11yViolations,
  test,
  toastOf,
  VIEWPORTS,
} from './fixtures';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const demoSeller = DEMO_ACCOUNTS.find((account) => account.role === 'seller')!;
const demoCompany = DEMO_ACCOUNTS.find((account) => account.role === 'company')!;
/** The demo company's name (demo-accounts.seeder.ts). */
const DEMO_COMPANY_NAME = 'Yerba Mate del Litoral';

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(admin.email);
  await page.getByLabel('Contraseña').fill(admin.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Opens a section from the admin sidebar, as a person would. */
async function openSection(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: PANEL_TITLES.admin })
    .getByRole('link', { name: label })
    .click();
}

/** At a phone's width the page keeps to the screen (tables become cards) and passes axe. */
async function fitsAPhone(page: Page) {
  await page.setViewportSize(VIEWPORTS.phone);
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** A second company with one product, so the company filter has something to leave out. */
async function secondCompanyWithProduct(request: APIRequestContext, title: string) {
  const company = await confirmedCompany(request);
  const headers = { origin: E2E_BASE_URL };
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: company.address, password: company.password },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  const settings = await request.patch('/api/company/settings', {
    data: { provider_collector_id: '555444333' },
    headers,
  });
  expect(settings.status()).toBe(200);
  const product = await request.post('/api/company/products', {
    data: {
      title,
      description: 'Caja de doce alfajores de maicena con coco.',
      // $ 4.500 base + 5 %: the buyer pays $ 4.725.
      price_cents: 450_000,
      stock: 40,
      category: 'Almacén',
      is_active: true,
      commission_bps: 500,
    },
    headers,
  });
  expect(product.status(), await product.text()).toBe(201);
  await request.post('/api/auth/sign-out', { headers });
}

test.describe('admin panel pages', () => {
  test('Productos: every company’s products, searched and filtered by company, kept in the address', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const otherTitle = `Alfajores de maicena ${Date.now()}`;
    await secondCompanyWithProduct(request, otherTitle);

    await signInAsAdmin(page);
    await openSection(page, 'Productos');
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('heading', { name: 'Productos', level: 1 })).toBeVisible();

    // Newest first: the other company's product is on the first page.
    const other = page.getByRole('row', { name: new RegExp(otherTitle) });
    await expect(other).toContainText('Ríos Hermanos SRL');
    await expect(other).toContainText(/\$\s4\.500,00/);
    await expect(other).toContainText('5 %');
    await expect(other).toContainText(/\$\s4\.725,00/);

    // The company filter leaves the other company's product out.
    await page.getByLabel('Filtrar por empresa').selectOption({ label: DEMO_COMPANY_NAME });
    await expect(page).toHaveURL(/company_id=/);
    await expect(other).toHaveCount(0);
    // A demo product: $ 42.000 base with 6 % → the buyer pays $ 44.520.
    const termo = page.getByRole('row', { name: /Termo de acero 1 litro/ });
    await expect(termo).toContainText(DEMO_COMPANY_NAME);
    await expect(termo).toContainText(/\$\s42\.000,00/);
    await expect(termo).toContainText('6 %');
    await expect(termo).toContainText(/\$\s44\.520,00/);
    await expect(termo).toContainText('Activo');
    // Its thumbnail (a decorative image: the title is next to it).
    await expect(termo.locator('img')).toHaveAttribute('src', /\/files\//);

    // The search narrows by title; both filters survive a reload.
    await page.getByLabel('Buscar productos por título').fill('termo');
    await expect(page).toHaveURL(/q=termo/);
    await expect(page.getByRole('row', { name: /Yerba mate orgánica/ })).toHaveCount(0);
    await page.reload();
    await expect(page).toHaveURL(/q=termo/);
    await expect(page).toHaveURL(/company_id=/);
    await expect(page.getByLabel('Buscar productos por título')).toHaveValue('termo');
    await expect(page.getByLabel('Filtrar por empresa').locator('option:checked')).toHaveText(
      DEMO_COMPANY_NAME,
    );
    await expect(page.getByRole('row', { name: /Termo de acero 1 litro/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Yerba mate orgánica/ })).toHaveCount(0);
    await fitsAPhone(page);

    // Nothing matches: the empty state offers to clear the filters.
    await page.getByLabel('Buscar productos por título').fill('no existe ningún producto así');
    await expect(page.getByRole('heading', { name: 'Ningún producto coincide' })).toBeVisible();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await expect(page.getByRole('row', { name: new RegExp(otherTitle) })).toBeVisible();
  });

  test('Usuarios: companies and sellers, a search kept in the address, and the seller’s document', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openSection(page, 'Usuarios');
    await expect(page).toHaveURL(/\/admin\/users$/);

    await expect(page.getByRole('tab', { name: 'Empresas' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByLabel('Buscar empresas').fill('Yerba');
    await expect(page).toHaveURL(/q=Yerba/);
    const company = page.getByRole('row', { name: new RegExp(DEMO_COMPANY_NAME) });
    await expect(company).toContainText(demoCompany.name);
    await expect(company).toContainText(demoCompany.email);
    await expect(company).toContainText(/\d{2}\/\d{2}\/\d{4}/);

    // Each tab starts with its whole list; the search and the tab survive a reload.
    await page.getByRole('tab', { name: 'Vendedores' }).click();
    await expect(page).toHaveURL(/\/admin\/users\?role=seller$/);
    await expect(page.getByLabel('Buscar vendedores')).toHaveValue('');
    await page.getByLabel('Buscar vendedores').fill('Martín');
    await expect(page).toHaveURL(/q=Mart%C3%ADn/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Vendedores' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Buscar vendedores')).toHaveValue('Martín');
    const seller = page.getByRole('row', { name: new RegExp(demoSeller.name) });
    await expect(seller).toContainText(demoSeller.email);
    await expect(seller).toContainText('Córdoba');
    // Points and sales as the server keeps them.
    const listed = await page.request.get(
      `/api/admin/users?role=seller&q=${encodeURIComponent(demoSeller.email)}`,
    );
    const { items } = (await listed.json()) as { items: { points: number; sales: number }[] };
    expect(items[0]!.sales).toBeGreaterThan(0);
    await expect(
      seller.getByRole('cell', { name: String(items[0]!.points), exact: true }),
    ).toBeVisible();
    await expect(
      seller.getByRole('cell', { name: String(items[0]!.sales), exact: true }),
    ).toBeVisible();

    // The identity document opens in a new tab, from the private route.
    const document = seller.getByRole('link', { name: /Ver documento/ });
    await expect(document).toHaveAttribute('target', '_blank');
    const href = (await document.getAttribute('href'))!;
    expect(href).toMatch(/^\/api\/profiles\/[^/]+\/identity-document$/);
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toContain('attachment');

    await fitsAPhone(page);

    await page.getByLabel('Buscar vendedores').fill('nadie se llama así');
    await expect(
      page.getByRole('heading', { name: 'Ningún vendedor coincide con la búsqueda' }),
    ).toBeVisible();
  });

  test('Ranking: sellers by points, national or by province, kept in the address', async ({
    page,
  }) => {
    await signInAsAdmin(page);
    await openSection(page, 'Ranking');
    await expect(page).toHaveURL(/\/admin\/leaderboard$/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: demoSeller.name })).toBeVisible();
    // Points descending.
    const points = await rows.evaluateAll((all) =>
      all.slice(1).map((row) => Number(row.querySelectorAll('td')[2]?.textContent)),
    );
    expect(points.length).toBeGreaterThan(0);
    expect(points).toEqual([...points].sort((a, b) => b - a));

    await page.getByLabel('Ver ranking').selectOption('Córdoba');
    await expect(page).toHaveURL(/province=C%C3%B3rdoba/);
    await page.reload();
    await expect(page.getByLabel('Ver ranking')).toHaveValue('Córdoba');
    await expect(rows.filter({ hasText: demoSeller.name })).toBeVisible();
    await fitsAPhone(page);

    await page.getByLabel('Ver ranking').selectOption('Tierra del Fuego');
    await expect(
      page.getByRole('heading', { name: /Todavía no hay vendedores de Tierra del Fuego/ }),
    ).toBeVisible();
  });

  test('Configuración: the commission model with a worked example', async ({ page }) => {
    await signInAsAdmin(page);
    await openSection(page, 'Configuración');
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByText(/al menos 3 %, que se suma encima del precio base/)).toBeVisible();
    const example = page.getByTestId('commission-example');
    const line = (label: string) =>
      example.locator('div', { has: page.getByText(label, { exact: true }) });
    // $ 10.000 with 10 %: the buyer pays $ 11.000; the seller gets $ 750, the platform $ 250.
    await expect(line('Precio base (para la empresa)')).toContainText(/\$\s10\.000,00/);
    await expect(line('Comisión total (10 %)')).toContainText(/\$\s1\.000,00/);
    await expect(line('Precio para el comprador')).toContainText(/\$\s11\.000,00/);
    await expect(line('Para el vendedor (75 % de la comisión)')).toContainText(/\$\s750,00/);
    await expect(line('Para la plataforma (25 % de la comisión)')).toContainText(/\$\s250,00/);
    await expect(line('Puntos para el vendedor')).toContainText('10');
    await fitsAPhone(page);
  });

  test('Auditoría: an admin status change shows who, what, before and after; filters kept in the address', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsAdmin(page);

    // A real change: the admin marks a completed order as delivered.
    await page.goto('/admin/orders?status=approved');
    const select = page.getByRole('combobox', { name: /Estado de VM-/ }).first();
    const patched = page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' && /\/api\/admin\/orders\//.test(response.url()),
    );
    await select.selectOption('delivered');
    const reference = ((await (await patched).json()) as { external_reference: string })
      .external_reference;
    await expect(toastOf(page)).toContainText('Estado actualizado.');

    await openSection(page, 'Auditoría');
    await expect(page).toHaveURL(/\/admin\/audit$/);
    const latest = page.getByRole('table').getByRole('row').nth(1);
    await expect(latest).toContainText(admin.name);
    await expect(latest).toContainText('Cambio de estado');
    await expect(latest).toContainText('Completado');
    await expect(latest).toContainText('Entregado');
    await expect(latest).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);

    // By action and by order; both survive a reload.
    await page.getByLabel('Filtrar por acción').selectOption('order.status');
    await expect(page).toHaveURL(/action=order\.status/);
    // The reference as a person may type it: lower case, without the VM- prefix.
    const typed = reference.slice(3).toLowerCase();
    await page.getByLabel('Buscar por pedido').fill(typed);
    await expect(page).toHaveURL(new RegExp(`order=${typed}`));
    await page.reload();
    await expect(page.getByLabel('Filtrar por acción')).toHaveValue('order.status');
    await expect(page.getByLabel('Buscar por pedido')).toHaveValue(typed);
    // Only that order's changes (an earlier journey may have changed it too), newest first.
    const body = page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row');
    await expect(body.first()).toContainText('Entregado');
    const targets = await body.evaluateAll((rows) =>
      rows.map((row) => row.querySelector('button[title*="pedido"]')?.getAttribute('title')),
    );
    expect(targets.length).toBeGreaterThan(0);
    for (const title of targets) expect(title).toContain(reference);
    await fitsAPhone(page);

    // Another order's id: nothing to show, and the filters can be cleared.
    await page.getByLabel('Buscar por pedido').fill('VM-NOEXISTE');
    await expect(page.getByRole('heading', { name: 'No hay cambios que coincidan' })).toBeVisible();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  });
});
