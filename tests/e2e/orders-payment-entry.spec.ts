import { expect, screenshotBothWidths, signedInPage, test, toastOf } from './fixtures';
import { admin, companyWithProduct, confirmTransfer, transferOrder, unique } from './order-world';

/**
 * Registrar pago: money typed as people in Argentina write it ('3.000,00').
 */

test.describe('order screens', () => {
  test('Registrar pago takes "3.000,00", the way the app writes money, and says what it will record', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const companyName = `Mates del Iberá ${unique()}`;
    const company = await companyWithProduct({
      companyName,
      title: 'Mate de algarrobo',
      // $ 30.000 + 10 %: the buyer pays $ 33.000 and the company owes $ 3.000 of commission.
      priceCents: 3_000_000,
      commissionBps: 1000,
    });
    for (const name of ['Rosa Benítez', 'Hugo Benítez']) {
      const order = await transferOrder(company.api, company.productId, {
        name,
        email: 'benitez@example.com',
      });
      await confirmTransfer(company.api, order.id);
    }

    const page = await signedInPage(browser, admin.email, admin.password);
    await page.goto('/admin/settlements');
    const balance = page.getByRole('button', { name: new RegExp(companyName) });
    await balance.click();
    await expect(balance).toContainText('$ 6.000,00');

    // The first transfer, typed as the app itself writes money.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar pago' });
    const amount = dialog.getByLabel('Monto recibido ($)');
    await amount.fill('3.000,00');
    await dialog.getByLabel('Referencia').fill(`TRF-${unique()}`);
    await screenshotBothWidths(page, 'orders-record-payment');
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(page)).toContainText('Pago registrado.');
    await expect(balance).toContainText('$ 3.000,00');

    // The second, typed with a thousands dot only: the field says what it understood.
    await page.getByRole('button', { name: 'Registrar pago' }).click();
    await amount.fill('3.000');
    await expect(dialog.getByText('Se registrará $ 3.000,00')).toBeVisible();
    await expect(amount).toHaveAccessibleDescription(/Se registrará \$\s3\.000,00/);
    await dialog.getByLabel('Referencia').fill(`TRF-${unique()}`);
    await dialog.getByRole('button', { name: 'Registrar pago' }).click();
    await expect(toastOf(page)).toContainText('Pago registrado.');
    await expect(balance).toContainText('$ 0,00');
    await page.context().close();
    await company.api.dispose();
  });
});
