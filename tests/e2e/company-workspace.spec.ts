import sharp from 'sharp';
import { COMPANY_SETTINGS_MESSAGES } from '../../src/shared/company/company-settings.schema';
import { PAY_MESSAGES } from '../../src/shared/orders/orders.schema';
import { PAYMENT_METHOD_MESSAGES } from '../../src/shared/payments/payment-methods.schema';
import { PRODUCT_MESSAGES } from '../../src/shared/products/products.schema';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  waitForMail,
} from './fixtures';

const MP_TOKEN = 'APP_USR-9999888877776666-e2e-token-SECRET-4321';

/** A small picture, made here (nothing downloaded). */
function picture(color: string): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: color } })
    .png()
    .toBuffer();
}

test.describe('company workspace and a buyer paying by transfer', () => {
  test('settings → gateways → a product with images and a 12 % commission → a buyer pays by transfer → the company confirms → delete', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { address, password } = await confirmedCompany(request, {
      shippingProvinces: ['Córdoba', 'Misiones'],
    });
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(address);
    await page.getByLabel('Contraseña').fill(password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/company$/);

    // Without a collector id, Mis Productos warns and links to the settings.
    await page.goto('/company/products');
    await expect(page.getByText(PRODUCT_MESSAGES.collectorRequired)).toBeVisible();
    await expect(page.getByText('Todavía no tienes productos')).toBeVisible();
    await page.getByRole('link', { name: 'Ir a Configuración' }).click();

    await page.getByLabel('ID de Cobrador de MercadoPago').fill('123456789');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(page)).toContainText(COMPANY_SETTINGS_MESSAGES.saved);
    await screenshotBothWidths(page, 'company-settings');

    // Gateways: bank transfer and MercadoPago; the token never comes back to the page.
    await page.goto('/company/payment-gateways');
    await page.getByRole('button', { name: 'Agregar mi primera pasarela' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Pasarela').selectOption('transferencia');
    await dialog.getByLabel('Banco').fill('Banco de la Nación Argentina');
    await dialog.getByLabel('Titular de la cuenta').fill('Ríos Hermanos SRL');
    await dialog.getByLabel('CBU').fill('0110599520000001234560');
    await dialog.getByLabel('CUIT').fill('30-71234567-1');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(dialog.getByText('El CBU debe tener 22 dígitos')).toBeVisible();
    await dialog.getByLabel('CBU').fill('0110599520000001234569');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.added);

    await page.getByRole('button', { name: 'Agregar pasarela' }).click();
    await expect(
      dialog.getByRole('option', { name: /Transferencia bancaria \(ya configurada\)/ }),
    ).toBeDisabled();
    await dialog.getByLabel('Pasarela').selectOption('mercadopago');
    await dialog.getByLabel('Access Token').fill(MP_TOKEN);
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.added);
    await expect(page.getByText('Guardado · termina en 4321')).toBeVisible();
    expect(await page.content()).not.toContain(MP_TOKEN);

    await page.getByRole('button', { name: 'Agregar pasarela' }).click();
    await dialog.getByLabel('Pasarela').selectOption('stripe');
    await dialog.getByLabel('Clave publicable (pk_…)').fill('pk_test_51E2eJourneyPublishable');
    await dialog.getByLabel('Clave secreta (sk_…)').fill('sk_test_51E2eJourneySecretKey9876');
    await dialog.getByRole('button', { name: 'Agregar' }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.added);
    await expect(page.getByRole('button', { name: 'Agregar pasarela' })).toBeDisabled();
    expect(await page.content()).not.toContain('sk_test_51E2eJourneySecretKey9876');
    await page.getByRole('switch', { name: /Stripe/ }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.deactivated);
    await page.getByRole('switch', { name: /Stripe/ }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.activated);

    await page.getByRole('switch', { name: /MercadoPago/ }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.deactivated);
    await page.getByRole('button', { name: 'Editar MercadoPago' }).click();
    await expect(dialog.getByText('Déjalo vacío para conservarlo')).toBeVisible();
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.updated);
    await expect(page.getByText('Guardado · termina en 4321')).toBeVisible();
    await screenshotBothWidths(page, 'company-payment-gateways');
    await page.getByRole('button', { name: 'Eliminar MercadoPago' }).click();
    await expect(page.getByText(PAYMENT_METHOD_MESSAGES.deleteConfirm)).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(toastOf(page)).toContainText(PAYMENT_METHOD_MESSAGES.deleted);

    // Each change of where the company is paid was told under the bell (and by e-mail,
    // with 'No fui yo'): the owner reads them all.
    await page.reload();
    const setupBell = page.locator('[data-testid=notification-bell]:visible');
    await expect(setupBell).toHaveAccessibleName(/Notificaciones \(\d+ sin leer\)/);
    await setupBell.click();
    const setupNotices = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(setupNotices.getByText('Cambió «Transferencia» de tu empresa')).toBeVisible();
    await setupNotices.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(setupNotices.getByText(/sin leer/)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(setupBell).toHaveAccessibleName('Notificaciones');

    // A product with two images and a 12 % commission.
    await page.goto('/company/products');
    await page.getByRole('button', { name: 'Crear mi primer producto' }).click();
    await dialog.getByLabel('Título').fill('Mate imperial de calabaza');
    await dialog.getByLabel('Descripción').fill('Calabaza seleccionada, virola de alpaca.');
    await dialog.getByLabel('Precio base ($)').fill('20000');
    await dialog.getByLabel('Stock').fill('5');
    await dialog.getByLabel('Categoría').fill('Mates');
    await dialog.getByLabel('Comisión total (%)').fill('12');
    await expect(dialog.getByText(PRODUCT_MESSAGES.commissionWarning)).toBeVisible();
    await expect(dialog.getByText('Gana el vendedor').locator('xpath=..')).toContainText(
      '$ 1.800,00',
    );
    await dialog.getByLabel('Agregar imágenes').setInputFiles([
      { name: 'frente.png', mimeType: 'image/png', buffer: await picture('#7a4a21') },
      { name: 'costado.png', mimeType: 'image/png', buffer: await picture('#d9a066') },
    ]);
    await screenshotBothWidths(page, 'company-product-dialog');
    await dialog.getByRole('button', { name: 'Crear producto' }).click();
    await expect(toastOf(page)).toContainText(PRODUCT_MESSAGES.created);
    const row = page.getByRole('row', { name: /Mate imperial de calabaza/ });
    await expect(row).toContainText('$ 20.000,00');
    await expect(row).toContainText('12 %');
    await expect(row.locator('img')).toHaveCount(1);

    await row.getByRole('button', { name: 'Editar Mate imperial de calabaza' }).click();
    await expect(dialog.getByLabel('Título')).toBeDisabled();
    await expect(dialog.getByRole('img')).toHaveCount(2);
    await dialog.getByLabel('Stock').fill('4');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toastOf(page)).toContainText(PRODUCT_MESSAGES.updated);
    await expect(row).toContainText('4');
    await screenshotBothWidths(page, 'company-products');

    // Deactivated, the link does not sell; active again, it does.
    const products = await page.request.get('/api/company/products');
    const productId = (await products.json()).items[0].id as string;
    const active = row.getByRole('checkbox', { name: /activo/ });
    // The switch moves at once (optimistic); the buyer's page is read once the server has it.
    const saved = () =>
      page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          response.url().endsWith(`/api/company/products/${productId}`),
      );
    const deactivated = saved();
    await active.click();
    expect((await deactivated).ok()).toBe(true);
    await expect(active).not.toBeChecked();
    await expect(row).toContainText('Inactivo');
    const buyer = await page.context().browser()!.newPage();
    await buyer.goto(`/pay/${productId}`);
    await expect(buyer.getByText(PAY_MESSAGES.productNotFound)).toBeVisible();
    const activated = saved();
    await active.click();
    expect((await activated).ok()).toBe(true);
    await expect(active).toBeChecked();
    await expect(row).toContainText('Activo');

    await buyer.goto(`/pay/${productId}`);
    await expect(buyer.getByRole('heading', { name: 'Mate imperial de calabaza' })).toBeVisible();
    await expect(buyer.getByText('$ 22.400,00').first()).toBeVisible();
    expect(await seriousA11yViolations(buyer)).toEqual([]);
    await screenshotBothWidths(buyer, 'pay-page');
    await buyer.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(buyer.getByText('Ingresa tu nombre y apellido.')).toBeVisible();
    await expect(buyer.getByText(PAY_MESSAGES.emailInvalid)).toBeVisible();
    await expect(buyer.getByLabel('Nombre y apellido')).toBeFocused();
    await buyer.getByLabel('Nombre y apellido').fill('Beatriz Compradora');
    await buyer.getByLabel('E-mail').fill('beatriz@example.com');
    await buyer.getByRole('button', { name: 'Ver datos para transferir' }).click();
    await expect(buyer).toHaveURL(/\/transfer\/[0-9a-f-]+\?token=/);
    await expect(buyer.getByText('Tu pedido espera la transferencia.')).toBeVisible();
    await expect(buyer.getByText('0110599520000001234569')).toBeVisible();
    const reference = (await buyer
      .getByText(/^VM-[0-9A-Z]{10}$/)
      .first()
      .textContent())!;
    await buyer.getByRole('button', { name: 'Copiar CBU' }).click();
    await screenshotBothWidths(buyer, 'pay-transfer');

    // The buyer's e-mail repeats the instructions with their own link (sent by the outbox worker).
    const received = await waitForMail(
      page.request,
      'beatriz@example.com',
      /Recibimos tu pedido de Mate imperial de calabaza/,
    );
    expect(received.links).toContain(buyer.url());

    // The company hears of it under the bell, which leads to the orders waiting for a transfer.
    await page.goto('/company');
    const bell = page.locator('[data-testid=notification-bell]:visible');
    await expect(bell).toHaveAccessibleName(/Notificaciones \(1 sin leer\)/);
    await bell.click();
    const notices = page.getByRole('dialog', { name: 'Notificaciones' });
    await expect(notices.getByText('Correos que quiero recibir')).toBeVisible();
    await screenshotBothWidths(page, 'notifications-bell');
    await notices.getByRole('button', { name: /Transferencia para confirmar/ }).click();
    await expect(page).toHaveURL(/\/company\/orders\?status=pending_transfer$/);
    await expect(bell).toHaveAccessibleName('Notificaciones');

    // The company confirms the transfer from Pedidos; the buyer's page shows it.
    const pending = page.getByRole('row', { name: new RegExp(reference) });
    await expect(pending).toContainText('Beatriz Compradora');
    await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveAttribute(
      'href',
      /export\.csv\?status=pending_transfer/,
    );
    await screenshotBothWidths(page, 'company-orders');
    await pending.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Confirmar transferencia recibida' })
      .click();
    await expect(toastOf(page)).toContainText('Transferencia confirmada');
    await waitForMail(
      page.request,
      'beatriz@example.com',
      /Comprobante de tu compra: Mate imperial de calabaza/,
    );
    await page.goto('/company/orders');
    await page
      .getByRole('row', { name: new RegExp(reference) })
      .getByRole('button', { name: 'Seguimiento' })
      .click();
    const timeline = page.getByRole('dialog');
    await expect(timeline.getByText('Completado').first()).toBeVisible();
    await expect(timeline.getByText('Pendiente de Transf.').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await buyer.reload();
    await expect(buyer.getByText('La empresa confirmó tu transferencia.')).toBeVisible();
    await buyer.close();

    // Deleting asks first; the product leaves the list.
    await page.goto('/company/products');
    await row.getByRole('button', { name: 'Eliminar Mate imperial de calabaza' }).click();
    await expect(page.getByText(PRODUCT_MESSAGES.deleteConfirm)).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(toastOf(page)).toContainText('Producto eliminado.');
    await expect(page.getByText('Todavía no tienes productos')).toBeVisible();

    await page.goto('/company/sellers');
    await expect(
      page.getByText(
        /(vendedor registrado|vendedores registrados) en VendeMás|Todavía no hay vendedores/,
      ),
    ).toBeVisible();
  });
});
