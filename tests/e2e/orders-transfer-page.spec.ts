import { VIEWPORTS, expect, screenshotBothWidths, seriousA11yViolations, test } from './fixtures';
import { lineBreaks } from './layout-checks';
import {
  CBU,
  admin,
  apiContext,
  companyWithProduct,
  confirmTransfer,
  transferOrder,
  unique,
} from './order-world';

/**
 * The buyer's transfer page at 375 and 1280 px, before and after the transfer is confirmed.
 */

test.describe('order screens', () => {
  test('the transfer page: the bank details while the transfer is awaited, then that it is paid (or closed) and nothing to pay again', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const company = await companyWithProduct({
      companyName: `Calabazas del Litoral ${unique()}`,
      title: 'Mate imperial de calabaza',
      priceCents: 3_000_000,
      commissionBps: 1000,
    });
    const order = await transferOrder(company.api, company.productId, {
      name: 'Beatriz Compradora',
      email: 'beatriz@example.com',
    });
    const context = await browser.newContext({
      locale: 'es-AR',
      timezoneId: 'America/Argentina/Buenos_Aires',
      viewport: VIEWPORTS.phone,
    });
    const buyer = await context.newPage();
    await buyer.goto(order.url);
    await expect(buyer.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    const bankDetails = [
      buyer.getByRole('heading', { name: 'Datos para la transferencia' }),
      buyer.getByText(/Escribe la referencia/),
      buyer.getByText(/Guarda este link/),
      buyer.getByText(CBU),
    ];
    for (const shown of bankDetails) await expect(shown).toBeVisible();
    // The amount to transfer is written as money, like every other amount.
    const amount = buyer.locator('dl > div').filter({ hasText: /^Importe/ });
    await expect.soft(amount).toContainText('$ 33.000,00');
    // The CBU never breaks inside a number: on a phone at most between its two blocks.
    for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await buyer.setViewportSize(size);
      const breaks = await lineBreaks(buyer.getByText(CBU));
      expect
        .soft(
          breaks.filter((index) => index !== 8),
          `CBU lines at ${size.width} px`,
        )
        .toEqual([]);
    }
    await buyer.setViewportSize(VIEWPORTS.phone);
    expect.soft(await seriousA11yViolations(buyer)).toEqual([]);
    await screenshotBothWidths(buyer, 'orders-transfer-waiting');

    // The company confirms it: the open page says so by itself and stops showing where to pay.
    await confirmTransfer(company.api, order.id);
    await expect(buyer.getByText('La empresa confirmó tu transferencia.')).toBeVisible({
      timeout: 20_000,
    });
    for (const hidden of bankDetails) await expect.soft(hidden).toHaveCount(0);
    await expect(buyer.getByText(/no hace falta que vuelvas a transferir/)).toBeVisible();
    await expect(buyer).toHaveTitle(/Pago confirmado/);
    expect(await seriousA11yViolations(buyer)).toEqual([]);
    await screenshotBothWidths(buyer, 'orders-transfer-paid');

    // An order the admin refunds before it was paid: the page says so, with nothing to pay.
    const refunded = await transferOrder(company.api, company.productId, {
      name: 'Carlos Comprador',
      email: 'carlos@example.com',
    });
    const adminApi = await apiContext();
    const signedIn = await adminApi.post('/api/auth/sign-in/email', {
      data: { email: admin.email, password: admin.password },
    });
    expect(signedIn.status()).toBe(200);
    const changed = await adminApi.patch(`/api/admin/orders/${refunded.id}`, {
      data: { status: 'refunded' },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    await buyer.goto(refunded.url);
    await expect(buyer.getByText('Este pedido fue reintegrado.')).toBeVisible();
    await expect(buyer.getByText(/No transfieras/)).toBeVisible();
    for (const hidden of bankDetails) await expect(hidden).toHaveCount(0);
    await screenshotBothWidths(buyer, 'orders-transfer-refunded');

    await context.close();
    await adminApi.dispose();
    await company.api.dispose();
  });
});
