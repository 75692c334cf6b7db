import { E2E_FAKE_STRIPE_URL } from '../../playwright.config';
import { routeFakeStripe } from './fake-stripe-js';
import {
  companyProduct,
  confirmedCompany,
  confirmedSeller,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  signedInPage,
  test,
  toastOf,
} from './fixtures';

test.describe('commission at the source (Stripe Connect)', () => {
  test('a company connects Stripe, a buyer pays a seller’s link by card, and the statement shows the sale collected at the source', async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const company = await confirmedCompany(request, {
      shippingProvinces: ['Chubut'],
      companyName: `Chocolates de la Cordillera ${suffix}`,
    });
    const joined = await confirmedSeller(request, {
      province: 'Chubut',
      name: `Lucía Brandt ${suffix}`,
    });

    // The company's product: $ 20.000 at 10 % (the buyer pays $ 22.000; $ 2.000 is commission).
    const companyPage = await signedInPage(browser, company.address, company.password);
    const title = `Tableta de chocolate amargo ${suffix}`;
    await companyProduct(companyPage, {
      title,
      description: 'Cacao 70 %, hecho en El Bolsón.',
      priceCents: 2_000_000,
    });

    // Pasarelas de Pago: connect a Stripe account through Stripe's onboarding.
    await companyPage.goto('/company/payment-gateways');
    // The button posts (an account is made only by the app's own page), then follows Stripe's link.
    await companyPage.getByRole('button', { name: 'Conectar con Stripe' }).click();
    await expect(companyPage).toHaveURL(new RegExp(`^${E2E_FAKE_STRIPE_URL}/connect/onboarding/`));
    await expect(companyPage.getByRole('heading', { name: 'Stripe (simulado)' })).toBeVisible();
    // The company leaves Stripe before finishing: its Stripe method waits, taking no payments.
    await companyPage.goto('/api/company/payment-methods/stripe/callback');
    await expect(companyPage).toHaveURL(/\/company\/payment-gateways$/);
    await expect(toastOf(companyPage)).toContainText('todavía no puede cobrar');
    const pending = companyPage
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: companyPage.getByRole('heading', { name: 'Stripe (tarjeta)' }) });
    await expect(pending).toContainText('Activación pendiente: todavía no cobra');
    await screenshotBothWidths(companyPage, 'payment-gateways-stripe-pending');
    // Stripe's link ran out: its refresh_url is this page, which says so; continuing posts again.
    await companyPage.goto('/company/payment-gateways?refresh=stripe');
    await expect(companyPage).toHaveURL(/\/company\/payment-gateways$/);
    await expect(toastOf(companyPage)).toContainText('venció');
    await pending.getByRole('button', { name: 'Completar la activación en Stripe' }).click();
    await expect(companyPage).toHaveURL(new RegExp(`^${E2E_FAKE_STRIPE_URL}/connect/onboarding/`));
    await companyPage.getByRole('button', { name: 'Completar' }).click();
    await expect(companyPage).toHaveURL(/\/company\/payment-gateways$/);
    await expect(toastOf(companyPage)).toContainText('Stripe quedó conectado');
    const card = companyPage
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: companyPage.getByRole('heading', { name: 'Stripe (tarjeta)' }) });
    await expect(card).toContainText('conectada: la comisión se cobra en el pago');
    await expect(card).toContainText(/Cuenta de Stripe\s*acct_/);
    await expect(card.getByRole('button', { name: 'Desconectar' })).toBeVisible();
    await expect(companyPage.getByRole('button', { name: 'Conectar con Stripe' })).toHaveCount(0);
    await companyPage.reload(); // without the toast
    await expect(card).toContainText('Cuenta de Stripe');
    expect(await seriousA11yViolations(companyPage)).toEqual([]);
    await screenshotBothWidths(companyPage, 'payment-gateways-stripe-connected');

    // A buyer pays through the seller's link by card: the card form is the same as ever.
    const sellerPage = await signedInPage(browser, joined.address, joined.password);
    const catalogue = await sellerPage.request.get(
      `/api/seller/catalogue?q=${encodeURIComponent(title)}`,
    );
    const link = new URL((await catalogue.json()).items[0].link as string);
    const buyer = await browser.newPage();
    await routeFakeStripe(buyer);
    await buyer.goto(`${link.pathname}${link.search}`);
    await buyer.getByLabel(/Tarjeta de crédito o débito/).check();
    await buyer.getByLabel('Nombre y apellido').fill('Martina Compradora');
    await buyer.getByLabel('E-mail').fill('martina@example.com');
    await buyer.getByRole('button', { name: 'Continuar con tarjeta' }).click();
    await buyer.getByLabel('Número de tarjeta').fill('4242424242424242');
    await buyer.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(buyer).toHaveURL(/\/success\?order=.+&payment_intent=pi_/);
    await expect(buyer.getByRole('heading', { name: '¡Pago aprobado!' })).toBeVisible();
    await buyer.close();

    // The order is collected at the source, and the statement owes nothing for it.
    const orders = await companyPage.request.get('/api/company/orders');
    const [order] = (await orders.json()).items;
    expect(order).toMatchObject({ status: 'approved', collected_at_source: true });
    await companyPage.goto('/company/settlements');
    const statement = companyPage.getByTestId('statement');
    await expect(statement).toContainText('Cobrada en origen');
    await expect(statement).toContainText('la plataforma cobró en origen $ 2.000,00');
    await expect(statement.getByText('Saldo a pagar', { exact: true }).locator('..')).toContainText(
      '$ 0,00',
    );

    for (const page of [sellerPage, companyPage]) await page.context().close();
  });
});
