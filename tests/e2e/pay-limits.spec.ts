import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ORDER_MESSAGES, PAY_MESSAGES } from '../../src/shared/orders/orders.schema';
import { E2E_BASE_URL } from '../../playwright.config';
import { confirmedCompany, expect, screenshotBothWidths, test, toastOf } from './fixtures';
import { ARGENTINA_TIME_ZONE } from '../../src/shared/time';

const headers = { origin: E2E_BASE_URL };
const BANK = {
  bankName: 'Banco de la Nación Argentina',
  accountHolder: 'Alfajores del Sur SRL',
  cbu: '0110599520000001234569',
  cuit: '30-71234567-1',
};

/** A company selling one product by bank transfer; it stays signed in on `request`. */
async function companyWithTransfer(request: APIRequestContext, stock: number) {
  const company = await confirmedCompany(request, { companyName: 'Alfajores del Sur SRL' });
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: company.address, password: company.password },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  await request.patch('/api/company/settings', {
    data: { provider_collector_id: '555444333' },
    headers,
  });
  const product = await request.post('/api/company/products', {
    data: {
      title: 'Alfajores de maicena x12',
      description: 'Caja de doce, con coco rallado.',
      price_cents: 900_000,
      stock,
      category: 'Almacén',
      is_active: true,
      commission_bps: 1000,
    },
    headers,
  });
  expect(product.status()).toBe(201);
  const method = await request.post('/api/company/payment-methods', {
    data: { provider: 'transferencia', config: BANK, is_active: true },
    headers,
  });
  expect(method.status()).toBe(201);
  return { company, productId: (await product.json()).id as string };
}

/**
 * A buyer's browser on a network of its own (the e2e server trusts X-Forwarded-For):
 * a random IPv6 /64 of the documentation range, so two tests (or a retry) never
 * share the per-address caps, as they could among 254 IPv4 addresses.
 */
async function buyerOnOwnAddress(browser: Browser) {
  const [a, b] = [randomBytes(2).toString('hex'), randomBytes(2).toString('hex')];
  const address = `2001:db8:${a}:${b}::1`;
  const context = await browser.newContext({
    locale: 'es-AR',
    timezoneId: ARGENTINA_TIME_ZONE,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return { context, page: await context.newPage() };
}

test.describe('payment links under abuse: caps, a proof of work, a company releasing units', () => {
  test('past 10 units held unpaid, the pay page solves a proof of work (its worker from our origin) and the order goes through', async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const { productId } = await companyWithTransfer(request, 40);
    const { context, page } = await buyerOnOwnAddress(browser);
    // Ten units already waiting for a transfer from this address: the next order needs the proof.
    const first = await context.request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        quantity: 10,
        buyer: { name: 'Primer Pedido', email: 'primero@example.com' },
      },
      headers,
    });
    expect(first.status()).toBe(201);

    const elsewhere: string[] = [];
    page.on('request', (sent) => {
      if (!sent.url().startsWith(E2E_BASE_URL) && !sent.url().startsWith('data:')) {
        elsewhere.push(sent.url());
      }
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    // The order with the solved challenge waits until the widget has been looked at.
    let letThrough: () => void = () => undefined;
    const looked = new Promise<void>((resolve) => (letThrough = resolve));
    const posts: { challenge?: string }[] = [];
    await page.route(`**/api/public/pay/${productId}`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = route.request().postDataJSON() as { challenge?: string };
      posts.push(body);
      if (body.challenge) await looked;
      return route.continue();
    });

    await page.goto(`/pay/${productId}`);
    await expect(page.getByRole('heading', { name: 'Alfajores de maicena x12' })).toBeVisible();
    await page.getByLabel('Nombre y apellido').fill('Carla Compradora');
    await page.getByLabel('E-mail').fill('carla@example.com');
    await page.getByRole('button', { name: 'Ver datos para transferir' }).click();
    const asked = Date.now();

    const proof = page.getByTestId('proof-of-work');
    await expect(proof.getByText(PAY_MESSAGES.challengeRequired)).toBeVisible();
    await expect(page.getByRole('button', { name: PAY_MESSAGES.challengeRunning })).toBeDisabled();
    // The widget speaks Spanish, solves by itself, and says so.
    await expect(proof.getByText('Verificado')).toBeVisible({ timeout: 60_000 });
    test.info().annotations.push({
      type: 'proof of work',
      description: `asked to verified in ${Date.now() - asked} ms (default difficulty)`,
    });
    expect(posts.at(-1)?.challenge).toBeTruthy();
    await screenshotBothWidths(page, 'pay-proof-of-work');
    letThrough();

    await expect(page).toHaveURL(/\/transfer\/[0-9a-f-]+\?token=/);
    await expect(page.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    expect(posts.map((post) => Boolean(post.challenge))).toEqual([false, true]);
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(url.startsWith(`${E2E_BASE_URL}/`)).toBe(true);
    expect(elsewhere).toEqual([]);

    // A script on the same address, without a browser to solve the proof, places nothing more.
    const scripted = await context.request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        quantity: 10,
        buyer: { name: 'Otro Pedido', email: 'otro@example.com' },
      },
      headers,
    });
    expect(scripted.status()).toBe(428);
    expect((await scripted.json()).error.code).toBe('CHALLENGE_REQUIRED');
    await context.close();
  });

  test('the company releases an unpaid transfer from Pedidos: the order expires and its units go back', async ({
    browser,
    request,
  }) => {
    // 10 of 20 units: unpaid orders may hold half a product's stock without a proof of work.
    const { company, productId } = await companyWithTransfer(request, 20);
    const { context } = await buyerOnOwnAddress(browser);
    const placed = await context.request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        quantity: 10,
        buyer: { name: 'Bruno Bot', email: 'bruno@example.com' },
      },
      headers,
    });
    expect(placed.status()).toBe(201);
    const { next } = (await placed.json()) as { next: { url: string } };

    // The buyer whose link did not go out by e-mail is asked to keep it.
    const buyer = await context.newPage();
    await buyer.goto(`${next.url}&sin_correo=1`);
    await expect(buyer.getByRole('heading', { name: 'Guarda el link de tu pedido' })).toBeVisible();
    await expect(buyer.getByText(next.url.replace(E2E_BASE_URL, '')).first()).toBeVisible();
    await screenshotBothWidths(buyer, 'pay-transfer-no-email');
    await context.close();

    const companyContext = await browser.newContext({ locale: 'es-AR' });
    const page = await companyContext.newPage();
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(company.address);
    await page.getByLabel('Contraseña').fill(company.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/company/orders?status=pending_transfer');
    const row = page.getByRole('row', { name: /Bruno Bot/ });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: ORDER_MESSAGES.release }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('¿Liberar las unidades de este pedido?');
    await expect(dialog).toContainText(
      'sus 10 unidades vuelven al stock de Alfajores de maicena x12',
    );
    await screenshotBothWidths(page, 'company-orders-release');
    await dialog.getByRole('button', { name: ORDER_MESSAGES.release }).click();
    await expect(toastOf(page)).toContainText(ORDER_MESSAGES.released);
    await expect(page.getByRole('row', { name: /Bruno Bot/ })).toHaveCount(0);
    await page.goto('/company/orders?status=expired');
    await expect(page.getByRole('row', { name: /Bruno Bot/ })).toContainText('Vencido');
    await screenshotBothWidths(page, 'company-orders-released');

    const products = await request.get(`/api/company/products/${productId}`, { headers });
    expect((await products.json()).stock).toBe(20);
    await companyContext.close();
  });
});
