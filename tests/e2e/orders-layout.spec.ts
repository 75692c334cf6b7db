import { VIEWPORTS, expect, screenshotBothWidths, signedInPage, test } from './fixtures';
import {
  expectNoSideScroll,
  expectSelectLabelFits,
  expectWhole,
  lineBreaks,
  moneyFigures,
} from './layout-checks';
import { admin, companyWithProduct, confirmTransfer, transferOrder, unique } from './order-world';

/**
 * The company's and the admin's Pedidos and dashboards at 375 and 1280 px, with long values.
 */

test.describe('order screens', () => {
  test('Pedidos and the dashboards fit 1280 px and 375 px with long names and hundreds of millions of pesos', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const company = await companyWithProduct({
      companyName: `Cooperativa Yerbatera y Frutihortícola del Alto Paraná Misionero Limitada ${unique()}`,
      title:
        'Juego de mate imperial de calabaza forrada en cuero con virola de alpaca cincelada a mano y bombilla pico de loro',
      // The largest price a product may have, $ 100.000.000, + 3 %: three units are $ 309.000.000.
      priceCents: 10_000_000_000,
      commissionBps: 300,
    });
    const buyer = {
      name: 'María de los Ángeles Fernández de la Torre Echeverría Santillán',
      email: 'maria.de.los.angeles.fernandez.delatorre@correo-de-ejemplo.com.ar',
    };
    const pending = await transferOrder(company.api, company.productId, buyer, 3);
    const paid = await transferOrder(company.api, company.productId, buyer, 3);
    await confirmTransfer(company.api, paid.id);
    const total = '$ 309.000.000,00';

    // The company's Pedidos: the transfer to confirm, its status and amounts, whole and reachable.
    const companyPage = await signedInPage(browser, company.address, company.password);
    await companyPage.goto(`/company/orders?q=${pending.reference}`);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const where = `company Pedidos at ${size.width} px`;
      await companyPage.setViewportSize(size);
      const order =
        size === VIEWPORTS.desktop
          ? companyPage.getByRole('row', { name: new RegExp(pending.reference) })
          : companyPage.getByRole('listitem').filter({ hasText: pending.reference });
      await expect(order).toBeVisible();
      await expectNoSideScroll(companyPage, where);
      const confirm = order.getByRole('button', { name: 'Confirmar transferencia recibida' });
      await expectWhole(confirm, `${where}, 'Confirmar transferencia recibida'`);
      await expect.soft(confirm, `${where}: 'Confirmar transferencia recibida'`).toBeInViewport({
        ratio: 1,
      });
      await expectWhole(order.getByText('Pendiente de Transf.'), `${where}, the status`);
      await expectWhole(order.getByText(total), `${where}, the total`);
      await expectWhole(
        order.getByRole('button', { name: 'Seguimiento' }),
        `${where}, Seguimiento`,
      );
    }
    await screenshotBothWidths(companyPage, 'orders-company-pedidos');

    // The company's dashboard: $ 300.000.000 of income, whole.
    await companyPage.goto('/company');
    await expect(moneyFigures(companyPage).first()).toHaveText('$ 300.000.000,00');
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await companyPage.setViewportSize(size);
      await expectNoSideScroll(companyPage, `company dashboard at ${size.width} px`);
      for (const figure of await moneyFigures(companyPage).all()) {
        const what = `company dashboard at ${size.width} px, ${await figure.textContent()}`;
        await expectWhole(figure, what);
        expect.soft(await lineBreaks(figure), `${what}: the figure breaks`).toEqual([]);
      }
    }
    await screenshotBothWidths(companyPage, 'orders-company-home');

    // The admin's Pedidos: the status select shows its whole label, the history button is reachable.
    const adminPage = await signedInPage(browser, admin.email, admin.password);
    await adminPage.goto(`/admin/orders?q=${pending.reference}`);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      const where = `admin Pedidos at ${size.width} px`;
      await adminPage.setViewportSize(size);
      const select = adminPage.getByRole('combobox', { name: `Estado de ${pending.reference}` });
      await expect(select).toBeVisible();
      await expectNoSideScroll(adminPage, where);
      await expectWhole(select, `${where}, the status select`);
      await expectSelectLabelFits(select, where);
      const history = adminPage
        .locator(size === VIEWPORTS.desktop ? 'tr' : 'li')
        .filter({ hasText: pending.reference })
        .getByRole('button', { name: 'Seguimiento' });
      await expectWhole(history, `${where}, Seguimiento`);
      await expectWhole(
        adminPage
          .locator(size === VIEWPORTS.desktop ? 'tr' : 'li')
          .filter({ hasText: pending.reference })
          .getByText(total),
        `${where}, the total`,
      );
    }
    await screenshotBothWidths(adminPage, 'orders-admin-pedidos');

    // The admin's dashboard: revenue of hundreds of millions, never cut.
    await adminPage.goto('/admin');
    const revenue = moneyFigures(adminPage).first();
    await expect(revenue).toHaveText(/^\$\s\d{1,3}(\.\d{3}){2,},\d{2}$/);
    for (const size of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await adminPage.setViewportSize(size);
      await expectNoSideScroll(adminPage, `admin dashboard at ${size.width} px`);
      for (const figure of await moneyFigures(adminPage).all()) {
        const what = `admin dashboard at ${size.width} px, ${await figure.textContent()}`;
        await expectWhole(figure, what);
        expect.soft(await lineBreaks(figure), `${what}: the figure breaks`).toEqual([]);
      }
    }
    await screenshotBothWidths(adminPage, 'orders-admin-home');

    await companyPage.context().close();
    await adminPage.context().close();
    await company.api.dispose();
  });
});
