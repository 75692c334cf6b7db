import { ADMIN_ORDER_MESSAGES } from '../../src/shared/admin/admin.schema';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { expect, screenshotBothWidths, test, toastOf } from './fixtures';

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

test.describe('admin oversight', () => {
  test('the admin changes an order status and sees the timeline; a failed change reverts on screen', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(admin.email);
    await page.getByLabel('Contraseña').fill(admin.password);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText('Ganancia de la plataforma')).toBeVisible();
    await screenshotBothWidths(page, 'admin-dashboard');

    // The demo business has transfers waiting: approve one.
    await page.goto('/admin/orders?status=pending_transfer');
    const select = page.getByRole('combobox', { name: /Estado de VM-/ }).first();
    const label = (await select.getAttribute('aria-label'))!;
    const reference = label.replace('Estado de ', '');
    await select.selectOption('approved');
    await expect(toastOf(page)).toContainText('Estado actualizado.');

    await page.goto(`/admin/orders?q=${reference}`);
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await expect(row).toContainText('Completado');
    await screenshotBothWidths(page, 'admin-orders');
    await row.getByRole('button', { name: 'Seguimiento' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(admin.name)).toBeVisible();
    await expect(dialog.getByText('Pendiente de Transf.').first()).toBeVisible();
    await page.keyboard.press('Escape');

    // The server refuses the next change: the select goes back and says so.
    await page.route('**/api/admin/orders/*', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: '{"error":{"code":"INTERNAL_ERROR","message":"x"}}',
          })
        : route.continue(),
    );
    const again = page.getByRole('combobox', { name: `Estado de ${reference}` }).first();
    await again.selectOption('delivered');
    await expect(toastOf(page)).toContainText(ADMIN_ORDER_MESSAGES.changeFailed);
    await expect(again).toHaveValue('approved');
  });
});
