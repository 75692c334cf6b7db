import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { request as playwrightRequest, type Browser } from '@playwright/test';
import { E2E_SECOND_PORT } from '../../playwright.config';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { COMPANY_SETTINGS_MESSAGES } from '../../src/shared/company/company-settings.schema';
import { argentineMonth } from '../../src/shared/time';
import { TEST_ARCA_CUIT, writeArcaTestCertificate } from '../fakes/arca-test-cert';
import { startFakeArca, type FakeArca } from '../fakes/fake-arca';
import {
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  signedInPage,
  test,
  toastOf,
} from './fixtures';
import { SECOND_APP_URL, startSecondApp } from './second-app';

/**
 * Fiscal documents in the browser, on a second app with the demo data and
 * electronic invoicing pointed at the local fake of ARCA: at its start it
 * invoices the demo company's past months; the company changes its tax data,
 * the admin invoices the current month in Facturación, and the company
 * downloads the new document from Liquidaciones.
 */
const company = DEMO_ACCOUNTS.find((account) => account.role === 'company')!;
const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
// Outside the second app's data folder, which it empties at each start.
const CERTIFICATES = path.resolve(`.tmp/e2e-${E2E_SECOND_PORT}-arca`);
let fake: FakeArca | undefined;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rmSync(CERTIFICATES, { recursive: true, force: true });
  const files = writeArcaTestCertificate(CERTIFICATES);
  fake = await startFakeArca({
    port: E2E_SECOND_PORT + 1,
    trustedCertificatePem: files.certificatePem,
  });
  stop = await startSecondApp({
    SEED: 'true',
    ARCA_CUIT: TEST_ARCA_CUIT,
    ARCA_CERT: files.certificatePath,
    ARCA_KEY: files.keyPath,
    ARCA_POINT_OF_SALE: '4',
    ARCA_WSAA_URL: fake.wsaaUrl,
    ARCA_WSFE_URL: fake.wsfeUrl,
    ARCA_ADDRESS: 'Av. Corrientes 1234, C1043 CABA',
  });
});
test.afterAll(async () => {
  await stop?.();
  await fake?.close();
});

const signedIn = (browser: Browser, email: string, password: string) =>
  signedInPage(browser, email, password, { baseURL: SECOND_APP_URL });

test('the company changes its tax data, the admin invoices the month, the company downloads its invoice', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const month = argentineMonth(new Date());
  // At its start the app invoices the demo company's months that are over: wait until it has.
  const api = await playwrightRequest.newContext({ baseURL: SECOND_APP_URL });
  const signIn = await api.post('/api/auth/sign-in/email', {
    data: { email: admin.email, password: admin.password },
    headers: { origin: SECOND_APP_URL },
  });
  expect(signIn.status()).toBe(200);
  await expect
    .poll(
      async () => {
        const status = (await (await api.get('/api/admin/invoices/status')).json()) as {
          waiting: { month: string }[];
        };
        const listed = (await (await api.get('/api/admin/invoices')).json()) as {
          invoices: { status: string }[];
        };
        const settled = status.waiting.every((item) => item.month === month);
        const sent = listed.invoices.every((invoice) => invoice.status === 'authorized');
        return settled && sent ? listed.invoices.length : 0;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  await api.dispose();
  const earlier = fake!.vouchers.size;

  // The company declares itself exempt: its next document is a letter B.
  const companyPage = await signedIn(browser, company.email, company.password);
  await companyPage.goto('/company/settings');
  await companyPage.getByLabel('Condición frente al IVA').selectOption('exento');
  await companyPage.getByRole('button', { name: 'Guardar datos fiscales' }).click();
  await expect(toastOf(companyPage)).toContainText(COMPANY_SETTINGS_MESSAGES.taxDataSaved);

  // The admin sees the month waiting and invoices it.
  const adminPage = await signedIn(browser, admin.email, admin.password);
  await adminPage.goto('/admin/invoicing');
  await expect(adminPage.getByRole('heading', { name: 'Facturación', level: 1 })).toBeVisible();
  await expect(adminPage.getByText('Entorno: Homologación · Punto de venta 00004')).toBeVisible();
  await adminPage.getByLabel('Mes a facturar').fill(month);
  await adminPage.getByRole('button', { name: 'Facturar mes' }).click();
  await adminPage.getByRole('button', { name: 'Facturar', exact: true }).click();
  await expect(adminPage.getByRole('status').filter({ hasText: 'Resultado' })).toContainText(
    '1 autorizado',
  );
  expect(fake!.vouchers.size).toBe(earlier + 1);
  const issued = [...fake!.vouchers.values()].at(-1)!;
  expect(issued).toMatchObject({ pointOfSale: 4, type: 6, number: 1 });
  expect(await seriousA11yViolations(adminPage)).toEqual([]);
  await screenshotBothWidths(adminPage, 'invoicing-admin');

  // The company finds it beside the month in Liquidaciones and downloads the PDF.
  await companyPage.goto(`/company/settlements?month=${month}`);
  const documents = companyPage.getByRole('region', { name: /Comprobantes/ });
  await expect(documents).toContainText('Factura B 00004-00000001');
  await expect(documents).toContainText('Autorizado');
  const [download] = await Promise.all([
    companyPage.waitForEvent('download'),
    documents.getByRole('link', { name: /Descargar PDF de Factura B/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('factura-B-00004-00000001.pdf');
  const saved = path.join(CERTIFICATES, download.suggestedFilename());
  await download.saveAs(saved);
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
  expect(await seriousA11yViolations(companyPage)).toEqual([]);
  await screenshotBothWidths(companyPage, 'invoicing-company-settlements');
  await companyPage.context().close();
  await adminPage.context().close();
});
