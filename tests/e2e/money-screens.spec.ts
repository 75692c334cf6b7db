import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { DEMO_PLATFORM_BANK } from '../../src/server/config/store-config';
import { argentineDay } from '../../src/shared/time';
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
} from './fixtures';

/**
 * The money-facing screens tell the truth (issue 31): Mis Cobros says why
 * money is held and promises no payout that will not come; Riesgo's toast
 * says whether the payouts are still held; a released transfer can still be
 * confirmed; Mis Ventas shows only earned commission as earned; a seller
 * without points has no position; the activity shows each order once;
 * Vendedores lists who sold; Liquidaciones says where to transfer.
 */

const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
const headers = { origin: E2E_BASE_URL };

test('money screens at 375 and 1280 px: holds, late transfers, earned commission, ranking, sellers and where to pay', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const title = `Manzanas del Alto Valle ${tag}`;
  const companyName = `Frutas del Valle ${tag}`;
  const company = await confirmedCompany(request, { shippingProvinces: ['Neuquén'], companyName });
  const companyPage = await signedInPage(browser, company.address, company.password);
  const productId = await companyProduct(companyPage, {
    title,
    description: 'Cajón de 18 kg.',
    // $ 80.000 at 10 %: each sale earns its seller $ 6.000, above the payout minimum.
    priceCents: 8_000_000,
  });
  const method = await companyPage.request.post('/api/company/payment-methods', {
    data: {
      provider: 'transferencia',
      is_active: true,
      config: {
        bankName: 'Banco Patagonia',
        accountHolder: `${companyName} SRL`,
        cbu: uniqueCbu(),
        cuit: '30-71234567-1',
      },
    },
    headers,
  });
  expect(method.status()).toBe(201);

  const held = await confirmedSeller(request, { province: 'Neuquén', name: `Ana Retenida ${tag}` });
  const newcomer = await confirmedSeller(request, {
    province: 'Neuquén',
    name: `Beto Nuevo ${tag}`,
  });
  const heldPage = await signedInPage(browser, held.address, held.password);
  const newPage = await signedInPage(browser, newcomer.address, newcomer.password);
  const saved = await heldPage.request.patch('/api/seller/settings', {
    data: { payment_method: 'bank', payment_details: { cbu: uniqueCbu() } },
    headers,
  });
  expect(saved.status()).toBe(200);

  /** A transfer order through a seller's link; answers its id and reference. */
  const order = async (ref: string, email: string) => {
    const placed = await request.post(`/api/public/pay/${productId}`, {
      data: { provider: 'transferencia', ref, buyer: { name: 'Carla Compradora', email } },
      headers,
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = (await placed.json()).order_id as string;
    const listed = await companyPage.request.get(`/api/company/orders?status=pending_transfer`);
    const reference = (
      (await listed.json()).items as { id: string; external_reference: string }[]
    ).find((row) => row.id === id)!.external_reference;
    return { id, reference };
  };
  const confirm = async (orderId: string) => {
    const confirmed = await companyPage.request.post(
      `/api/company/orders/${orderId}/confirm-transfer`,
      { data: {}, headers },
    );
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  };

  // Three sales through Ana's link: one by a stranger, one from a disposable inbox, one by Ana herself.
  const heldRef = await sellerRef(heldPage, title);
  for (const email of [`carla-${tag}@example.com`, `carla-${tag}@yopmail.com`, held.address]) {
    await confirm((await order(heldRef, email)).id);
  }
  // The admin records the company's payment: Ana's $ 18.000 is available, but two flags hold it.
  const adminPage = await signedInPage(browser, admin.email, admin.password);
  const balances = await adminPage.request.get('/api/admin/settlements');
  const owed = (
    (await balances.json()).items as { name: string; company_id: string; balance_cents: number }[]
  ).find((row) => row.name === companyName)!;
  const paid = await adminPage.request.post(`/api/admin/settlements/${owed.company_id}/payments`, {
    data: {
      amount_cents: owed.balance_cents,
      paid_on: argentineDay(new Date()),
      reference: `TRF-${tag}`,
    },
    headers,
  });
  expect(paid.status()).toBe(201);

  // 1. Mis Cobros says the money is held while the account is reviewed, and promises no payout.
  await heldPage.goto('/seller/payouts');
  await expect(heldPage.getByTestId('payout-hold')).toContainText('Tus pagos están en revisión');
  await expect(heldPage.getByTestId('payout-hold')).toContainText(
    'revisando la actividad de tu cuenta',
  );
  const available = heldPage.getByTestId('payout-available');
  await expect(available).toContainText('$ 18.000,00');
  await expect(available).toContainText('Retenido mientras revisamos tu cuenta.');
  await expect(available).not.toContainText('Entra en el próximo pago');
  expect(await seriousA11yViolations(heldPage)).toEqual([]);
  await screenshotBothWidths(heldPage, 'money-payouts-under-review');

  // 5. Dismissing one of the two flags: the toast says the payouts are still held.
  await adminPage.goto('/admin/risk');
  await adminPage.getByRole('button', { name: `Descartar: Compra propia de ${held.name}` }).click();
  const dialog = adminPage.getByRole('alertdialog');
  await dialog.getByLabel('Nota').fill('Compró para su familia; lo confirmó por teléfono.');
  await dialog.getByRole('button', { name: 'Descartar alerta' }).click();
  await expect(toastOf(adminPage)).toContainText(
    'Alerta descartada, pero los pagos del vendedor siguen retenidos: tiene otra alerta abierta.',
  );
  await screenshotBothWidths(adminPage, 'money-risk-still-held');

  // Beto sells three times: one will be released, one refunded, one still unpaid.
  const newRef = await sellerRef(newPage, title);
  const late = await order(newRef, `dora-${tag}@example.com`);
  const refunded = await order(newRef, `elsa-${tag}@example.com`);
  await confirm(refunded.id);
  const refund = await adminPage.request.patch(`/api/admin/orders/${refunded.id}`, {
    data: { status: 'refunded' },
    headers,
  });
  expect(refund.status()).toBe(200);
  const expired = await order(newRef, `fede-${tag}@example.com`);
  const released = await companyPage.request.post(`/api/company/orders/${expired.id}/release`, {
    data: {},
    headers,
  });
  expect(released.status()).toBe(200);

  // 6. Without points Beto has no position; each order shows once in his activity.
  await newPage.goto('/seller');
  await expect(newPage.getByTestId('figure-rank')).toHaveText('Sin posición');
  const activity = newPage.getByTestId('recent-activity').getByRole('listitem');
  await expect(activity).toHaveCount(3);
  await expect(activity.filter({ hasText: 'Reintegrado' })).toHaveCount(1);
  await screenshotBothWidths(newPage, 'money-seller-dashboard-no-points');
  await newPage.goto('/seller/ranking');
  await expect(newPage.getByTestId('my-rank')).toHaveText(/Todavía no tienes posición/);
  await expect(newPage.getByTestId('ranking-me')).toHaveCount(0);

  // 6. Mis Cobros speaks to Beto, who has no payout details.
  await newPage.goto('/seller/payouts');
  await expect(newPage.getByTestId('payout-destination')).toHaveText(
    'No cargaste tus datos de cobro (CBU o e-mail de MercadoPago).',
  );
  await expect(newPage.getByTestId('payout-available')).not.toContainText(
    'Entra en el próximo pago',
  );
  await screenshotBothWidths(newPage, 'money-payouts-no-details');

  // 2. The company releases the first order's units, then its transfer arrives: it is confirmed.
  await companyPage.goto(`/company/orders?q=${late.reference}`);
  const row = companyPage.getByRole('row', { name: new RegExp(late.reference) });
  await row.getByRole('button', { name: 'Liberar unidades' }).click();
  const release = companyPage.getByRole('alertdialog');
  await expect(release).toContainText('todavía puedes confirmarla mientras haya stock');
  await release.getByRole('button', { name: 'Liberar unidades' }).click();
  await expect(toastOf(companyPage)).toContainText('Pedido vencido');
  await expect(row).toContainText('Vencido');
  await row.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
  const lateDialog = companyPage.getByRole('alertdialog');
  await expect(lateDialog).toContainText('vuelve a tomar su unidad');
  await screenshotBothWidths(companyPage, 'money-late-transfer');
  await lateDialog.getByRole('button', { name: 'Confirmar transferencia recibida' }).click();
  await expect(toastOf(companyPage)).toContainText('Transferencia confirmada');
  await expect(row).toContainText('Completado');

  // 4. Mis Ventas: only the completed sale's commission reads as earned.
  await newPage.goto('/seller/orders');
  await expect(newPage.getByTestId('sale-row')).toHaveCount(3);
  const states = await newPage
    .getByTestId('sale-commission')
    .evaluateAll((all) => all.map((node) => [node.getAttribute('data-state'), node.textContent]));
  expect(states).toEqual([
    ['none', expect.stringContaining('No ganada · Vencido')],
    ['none', expect.stringContaining('No ganada · Reintegrado')],
    ['earned', expect.stringContaining('Tu comisión')],
  ]);
  expect(await seriousA11yViolations(newPage)).toEqual([]);
  await screenshotBothWidths(newPage, 'money-seller-sales');

  // 6. Vendedores lists who sold the company's products, with their sales.
  await companyPage.goto('/company/sellers');
  const sellers = companyPage.getByRole('list', { name: 'Vendedores con ventas' });
  await expect(sellers.getByRole('listitem')).toHaveCount(2);
  await expect(sellers.getByRole('listitem').first()).toContainText(held.name);
  await expect(sellers.getByRole('listitem').first()).toContainText('3 ventas · $ 264.000,00');
  await expect(sellers.getByRole('listitem').nth(1)).toContainText(newcomer.name);
  await expect(sellers.getByRole('listitem').nth(1)).toContainText('1 venta · $ 88.000,00');
  await expect(companyPage.getByText('2 vendedores con ventas.')).toBeVisible();
  expect(await seriousA11yViolations(companyPage)).toEqual([]);
  await screenshotBothWidths(companyPage, 'money-company-sellers');

  // 3. Liquidaciones says where to transfer the balance and the reference to write.
  await companyPage.goto('/company/settlements');
  const payTo = companyPage.getByTestId('platform-transfer');
  await expect(payTo).toContainText(DEMO_PLATFORM_BANK.cbu);
  await expect(payTo).toContainText(DEMO_PLATFORM_BANK.cuit);
  await expect(payTo).toContainText(/LIQ-[0-9A-Z]{8}/);
  expect(await seriousA11yViolations(companyPage)).toEqual([]);
  await screenshotBothWidths(companyPage, 'money-company-settlements');

  for (const page of [companyPage, heldPage, newPage, adminPage]) await page.context().close();
});
