import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { WEBHOOK_MESSAGES } from '../../src/shared/integrations/webhooks.schema';
import { INTEGRATIONS_TEXT, WEBHOOKS_TEXT } from '../../src/shared/integrations/texts';
import { E2E_BASE_URL } from '../../playwright.config';
import {
  companyProduct,
  confirmedCompany,
  confirmedSeller,
  expect,
  screenshotBothWidths,
  sellerRef,
  seriousA11yViolations,
  signedInPage,
  test,
  toastOf,
  uniqueCbu,
  VIEWPORTS,
} from './fixtures';
import { expectNoSideScroll, expectWhole } from './layout-checks';

/**
 * Webhooks in the browser: a company points one at its own system (a local
 * receiver here, allowed by WEBHOOK_ALLOW_PRIVATE), a buyer orders through a
 * seller's link, the system gets `order.created` signed as API.md says, and
 * the delivery log shows it delivered; a failed test event is retried by hand.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The company's system: records each POST and answers `status` (200 unless told). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/vendemas/webhooks/pedidos-de-la-yerbatera-sucursal-posadas`,
    received,
    state,
    ofType: (type: string) =>
      received.filter((request) => (JSON.parse(request.body) as { type: string }).type === type),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * `VendeMas-Signature: t=<unix>,v1=<hex>` checked as a company's code would:
 * an HMAC-SHA256 of "t.body" keyed with the whole secret, compared in
 * constant time, and a timestamp of the last few minutes.
 */
function signatureProblem(request: Received, secret: string): string | null {
  const header = String(request.headers['vendemas-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return `malformed header: ${header}`;
  const [, t, v1] = match as unknown as [string, string, string];
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  const given = Buffer.from(v1, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'wrong v1';
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return `stale t=${t}`;
  return null;
}

const headers = { origin: E2E_BASE_URL };

async function openDeliveryLog(page: Page) {
  await page
    .getByTestId('webhook')
    .getByRole('button', { name: WEBHOOKS_TEXT.viewDeliveries })
    .click();
  const log = page.getByRole('dialog', { name: WEBHOOKS_TEXT.deliveriesTitle });
  await expect(log).toBeVisible();
  return log;
}

test('a company gets its orders by webhook, signed, and reads the delivery log', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const receiver = await startReceiver();
  try {
    const tag = Date.now().toString(36);
    const title = `Yerba barbacuá ${tag}`;
    const companyName = `Yerbatera Conectada ${tag}`;
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Misiones'],
      companyName,
    });
    const page = await signedInPage(browser, company.address, company.password);
    const productId = await companyProduct(page, {
      title,
      description: 'Paquete de 1 kg, estacionada 24 meses.',
      priceCents: 900_000,
    });
    const method = await page.request.post('/api/company/payment-methods', {
      data: {
        provider: 'transferencia',
        is_active: true,
        config: {
          bankName: 'Banco Macro',
          accountHolder: `${companyName} SRL`,
          cbu: uniqueCbu(),
          cuit: '30-71234567-1',
        },
      },
      headers,
    });
    expect(method.status(), await method.text()).toBe(201);

    // Integraciones: a key for the ERP, then a webhook to its receiver.
    await page.goto('/company');
    await page.getByRole('link', { name: INTEGRATIONS_TEXT.pageTitle }).first().click();
    await expect(page.getByRole('heading', { name: INTEGRATIONS_TEXT.pageTitle })).toBeVisible();
    await expect(page.getByText(WEBHOOKS_TEXT.empty)).toBeVisible();
    await screenshotBothWidths(page, 'webhooks-empty');

    await page.getByRole('button', { name: INTEGRATIONS_TEXT.newKey }).click();
    const keyForm = page.getByRole('dialog', { name: INTEGRATIONS_TEXT.createTitle });
    await keyForm.getByLabel(INTEGRATIONS_TEXT.nameLabel).fill('ERP de la yerbatera');
    await keyForm.getByRole('button', { name: INTEGRATIONS_TEXT.createSubmit }).click();
    const keyShown = page.getByRole('dialog', { name: INTEGRATIONS_TEXT.shownOnceTitle });
    const key = (await keyShown.getByTestId('created-api-key').textContent()) ?? '';
    expect(key).toMatch(/^vm_/);
    await keyShown.getByRole('button', { name: INTEGRATIONS_TEXT.done }).click();

    await page.getByRole('button', { name: WEBHOOKS_TEXT.newWebhook }).click();
    const form = page.getByRole('dialog', { name: WEBHOOKS_TEXT.createTitle });
    await form.getByLabel(WEBHOOKS_TEXT.urlLabel).fill(receiver.url);
    await expect(form.getByRole('checkbox', { name: /Pedido creado/ })).toBeChecked();
    await screenshotBothWidths(page, 'webhooks-new');
    await form.getByRole('button', { name: WEBHOOKS_TEXT.createSubmit }).click();
    const shown = page.getByRole('dialog', { name: WEBHOOKS_TEXT.shownOnceTitle });
    await expect(shown).toBeVisible();
    await expect(shown).toContainText('VendeMas-Signature');
    const secret = (await shown.getByTestId('created-webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'webhooks-secret-shown');
    await shown.getByRole('button', { name: WEBHOOKS_TEXT.done }).click();

    const row = page.getByTestId('webhook');
    await expect(row.getByTestId('webhook-url')).toHaveText(receiver.url);
    await expect(row.getByTestId('webhook-state')).toHaveText(WEBHOOKS_TEXT.stateActive);
    await expect(row).toContainText('Pedido creado');
    await expect(page.getByText(secret)).toHaveCount(0);

    // A buyer orders through a seller's link.
    const seller = await confirmedSeller(request, {
      province: 'Misiones',
      name: `Rocío Vendedora ${tag}`,
    });
    const sellerPage = await signedInPage(browser, seller.address, seller.password);
    const ref = await sellerRef(sellerPage, title);
    const placed = await request.post(`/api/public/pay/${productId}`, {
      data: {
        provider: 'transferencia',
        ref,
        buyer: { name: 'Tomás Comprador', email: `tomas-${tag}@example.com` },
      },
      headers,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const orderId = ((await placed.json()) as { order_id: string }).order_id;

    // The company's system gets order.created, signed with the secret it was shown.
    await expect.poll(() => receiver.ofType('order.created').length, { timeout: 15_000 }).toBe(1);
    const [delivery] = receiver.ofType('order.created') as [Received];
    expect(signatureProblem(delivery, secret)).toBeNull();
    expect(signatureProblem(delivery, `${secret}x`)).not.toBeNull();
    const event = JSON.parse(delivery.body) as {
      id: string;
      type: string;
      data: { object: { id: string } };
    };
    expect(event).toMatchObject({ type: 'order.created', data: { object: { id: orderId } } });
    expect(event.id).toMatch(/^evt_/);
    expect(delivery.headers['vendemas-event-id']).toBe(event.id);
    // The same order, as the key reads it from the public API.
    const viaApi = await request.get(`/api/v1/orders/${orderId}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(viaApi.status()).toBe(200);

    // The delivery log shows it delivered, with the receiver's answer.
    const log = await openDeliveryLog(page);
    const created = log.getByTestId('webhook-delivery').filter({ hasText: 'Pedido creado' });
    await expect(created.getByTestId('delivery-status')).toHaveText('Entregado');
    await expect(created).toContainText(`${WEBHOOKS_TEXT.lastStatus}200`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'webhooks-delivery-log');
    await log.getByRole('button', { name: 'Cerrar' }).click();
    await expect(log).toBeHidden();

    // A test event the system refuses: the log says why, and Reintentar delivers it.
    receiver.state.status = 500;
    await row.getByRole('button', { name: WEBHOOKS_TEXT.sendTest }).click();
    await expect(toastOf(page)).toContainText(WEBHOOK_MESSAGES.testSent);
    await expect.poll(() => receiver.ofType('webhook.test').length, { timeout: 15_000 }).toBe(1);
    const failing = await openDeliveryLog(page);
    const test1 = failing.getByTestId('webhook-delivery').filter({ hasText: 'Evento de prueba' });
    await expect(test1.getByTestId('delivery-error')).toHaveText('El endpoint respondió 500.');
    await expect(test1.getByTestId('delivery-status')).toHaveText('Pendiente');
    await expect(test1).toContainText(WEBHOOKS_TEXT.nextAttempt);
    await expect(test1).toContainText(`${WEBHOOKS_TEXT.lastStatus}500`);
    await screenshotBothWidths(page, 'webhooks-delivery-log-failing');
    receiver.state.status = 200;
    await test1.getByRole('button', { name: /Reintentar/ }).click();
    await expect(toastOf(page)).toContainText(WEBHOOK_MESSAGES.retried);
    await expect(test1.getByTestId('delivery-status')).toHaveText('Entregado', { timeout: 10_000 });
    await expect(test1).toContainText(`${WEBHOOKS_TEXT.attempts}2`);
    const tests = receiver.ofType('webhook.test');
    expect(tests).toHaveLength(2);
    expect(signatureProblem(tests[1]!, secret)).toBeNull();
    await failing.getByRole('button', { name: 'Cerrar' }).click();
    await expect(failing).toBeHidden();

    // The list at a phone's width: the long address wraps, nothing scrolls sideways.
    // The retry's toast is closed first, so the screenshots show the list.
    await toastOf(page)
      .getByRole('button', { name: 'Cerrar' })
      .click({ timeout: 1000 })
      .catch(() => undefined);
    await expect(toastOf(page)).toHaveCount(0);
    await page.setViewportSize(VIEWPORTS.phone);
    await expectNoSideScroll(page, 'Integraciones at 375 px');
    await expectWhole(row.getByTestId('webhook-url'), 'the webhook address');
    await expectWhole(row.getByRole('button', { name: WEBHOOKS_TEXT.delete }), 'Borrar');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'webhooks-list');

    // Switched off, it says so; deleting asks first.
    await row.getByRole('switch').click();
    await expect(toastOf(page)).toContainText(WEBHOOKS_TEXT.deactivated);
    await expect(row.getByTestId('webhook-state')).toHaveText(WEBHOOKS_TEXT.stateInactive);
    await expect(row.getByRole('button', { name: WEBHOOKS_TEXT.sendTest })).toBeDisabled();
    await screenshotBothWidths(page, 'webhooks-switched-off');
    await row.getByRole('button', { name: WEBHOOKS_TEXT.delete }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(WEBHOOK_MESSAGES.deleteConfirm);
    await confirm.getByRole('button', { name: WEBHOOKS_TEXT.delete }).click();
    await expect(toastOf(page)).toContainText(WEBHOOK_MESSAGES.deleted);
    await expect(page.getByText(WEBHOOKS_TEXT.empty)).toBeVisible();
    await page.context().close();
    await sellerPage.context().close();
  } finally {
    await receiver.close();
  }
});
