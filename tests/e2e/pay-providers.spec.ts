import { get } from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_BASE_URL, E2E_MERCADOPAGO_WEBHOOK_SECRET } from '../../playwright.config';
import { routeFakeStripe } from './fake-stripe-js';
import { confirmedCompany, expect, screenshotBothWidths, test } from './fixtures';

async function companyWithProviders(request: APIRequestContext) {
  const company = await confirmedCompany(request, { shippingProvinces: ['Mendoza'] });
  const headers = { origin: E2E_BASE_URL };
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: company.address, password: company.password },
    headers,
  });
  expect(signedIn.status()).toBe(200);
  await request.patch('/api/company/settings', {
    data: { provider_collector_id: '987654321' },
    headers,
  });
  const product = await request.post('/api/company/products', {
    data: {
      title: 'Vino malbec reserva',
      description: 'Valle de Uco, 2022.',
      price_cents: 2_500_000,
      stock: 10,
      category: 'Vinos',
      is_active: true,
      commission_bps: 500,
    },
    headers,
  });
  expect(product.status()).toBe(201);
  for (const method of [
    {
      provider: 'mercadopago',
      config: {
        accessToken: 'APP_USR-e2e-journey-token-0001',
        webhookSecret: E2E_MERCADOPAGO_WEBHOOK_SECRET,
      },
    },
    {
      provider: 'stripe',
      config: {
        publishableKey: 'pk_test_51E2ePayJourney',
        secretKey: 'sk_test_51E2ePayJourneySecret',
      },
    },
  ]) {
    const created = await request.post('/api/company/payment-methods', {
      data: { ...method, is_active: true },
      headers,
    });
    expect(created.status()).toBe(201);
  }
  // The buyer is not the company: sign out of this request context.
  await request.post('/api/auth/sign-out', { headers });
  return (await product.json()).id as string;
}

/** A file's size on the wire as gzip (what the budget counts), asked outside the browser. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      if (response.headers['content-encoding'] !== 'gzip') {
        reject(new Error(`${url} was not sent gzip-compressed`));
      }
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}

async function fillBuyer(page: Page) {
  await page.getByLabel('Nombre y apellido').fill('Carlos Comprador');
  await page.getByLabel('E-mail').fill('carlos@example.com');
}

test.describe('paying a link with MercadoPago and with a card (local fakes of both providers)', () => {
  test('on a phone the pay page loads at most 90 KB gzip of our JavaScript, its data fetched once, in parallel', async ({
    page,
    request,
  }) => {
    const productId = await companyWithProviders(request);
    await page.setViewportSize({ width: 375, height: 740 });
    const scripts: string[] = [];
    const dataRequests: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.origin !== E2E_BASE_URL) return;
      if (sent.resourceType() === 'script') scripts.push(sent.url());
      if (url.pathname.startsWith('/api/public/pay/')) dataRequests.push(sent.url());
    });
    await page.goto(`/pay/${productId}?ref=sin-vendedor`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { name: 'Vino malbec reserva' })).toBeVisible();
    await expect(page).toHaveTitle(/Vino malbec reserva/);

    const sizes = await Promise.all(scripts.map(gzipBytes));
    const total = sizes.reduce((sum, bytes) => sum + bytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, `JavaScript of the pay page: ${scripts.join(', ')}`).toBeLessThanOrEqual(
      90 * 1024,
    );
    // The server announced the answer in the page, so the page's own request reused it.
    expect(dataRequests).toEqual([`${E2E_BASE_URL}/api/public/pay/${productId}?ref=sin-vendedor`]);
  });

  test('MercadoPago: the hosted checkout, its webhook, and /success shows the order approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const productId = await companyWithProviders(request);
    await page.goto(`/pay/${productId}`);
    await page.getByLabel(/MercadoPago/).check();
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Pagar con MercadoPago' }).click();
    await expect(page.getByRole('heading', { name: 'MercadoPago (simulado)' })).toBeVisible();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/success\?order=.+&token=.+&payment_id=\d+/);
    await expect(page.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    await expect(page.getByText('Vino malbec reserva')).toBeVisible();
    await screenshotBothWidths(page, 'pay-success');
  });

  test('card: Stripe.js loads only when the card is chosen, a declined card says why, then the payment is approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const productId = await companyWithProviders(request);
    const stripeScripts = await routeFakeStripe(page);

    await page.goto(`/pay/${productId}`);
    await expect(page.getByRole('heading', { name: 'Vino malbec reserva' })).toBeVisible();
    expect(stripeScripts).toEqual([]);
    await page.getByLabel(/Tarjeta de crédito o débito/).check();
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Continuar con tarjeta' }).click();
    await expect(page.getByLabel('Número de tarjeta')).toBeVisible();
    expect(stripeScripts).toHaveLength(1);
    await screenshotBothWidths(page, 'pay-card');

    await page.getByLabel('Número de tarjeta').fill('4000000000000002');
    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(page.getByText('Tu tarjeta fue rechazada.')).toBeVisible();

    await page.getByLabel('Número de tarjeta').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(page).toHaveURL(/\/success\?order=.+&payment_intent=pi_/);
    await expect(page.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
  });
});
