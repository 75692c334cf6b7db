import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { SECURITY_TEXT } from '../../src/shared/account-security/texts';
import { API_KEY_MESSAGES } from '../../src/shared/integrations/api-keys.schema';
import { INTEGRATIONS_TEXT } from '../../src/shared/integrations/texts';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  VIEWPORTS,
} from './fixtures';
import { SECOND_APP_URL, startSecondApp } from './second-app';

/**
 * Integraciones in the browser, on a second app whose step-up window is six
 * seconds (STEP_UP_MINUTES=0.1), so creating a key asks for the password again.
 */
let stop: (() => Promise<void>) | undefined;
let api: APIRequestContext | undefined;

test.beforeAll(async () => {
  // A fresh embedded database is created and migrated: slower on a busy machine.
  test.setTimeout(120_000);
  stop = await startSecondApp({ STEP_UP_MINUTES: '0.1' });
  api = await playwrightRequest.newContext({ baseURL: SECOND_APP_URL });
});
test.afterAll(async () => {
  await api?.dispose();
  await stop?.();
});

test('a company creates an API key behind the step-up, copies it, calls /api/v1 with it and revokes it', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  if (!api) throw new Error('the second app did not start');
  const company = await confirmedCompany(api, { companyName: 'Conectada SRL' });
  const context = await browser.newContext({
    baseURL: SECOND_APP_URL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    viewport: VIEWPORTS.desktop,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(company.address);
  await page.getByLabel('Contraseña').fill(company.password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/company$/);

  await page.getByRole('link', { name: INTEGRATIONS_TEXT.pageTitle }).first().click();
  await expect(page.getByRole('heading', { name: INTEGRATIONS_TEXT.pageTitle })).toBeVisible();
  await expect(page.getByText(INTEGRATIONS_TEXT.empty)).toBeVisible();
  await screenshotBothWidths(page, 'integrations-empty');

  // Past the step-up window (six seconds here), creating a key needs the password again.
  await page.waitForTimeout(6_500);
  await page.getByRole('button', { name: INTEGRATIONS_TEXT.newKey }).click();
  const form = page.getByRole('dialog', { name: INTEGRATIONS_TEXT.createTitle });
  await form.getByLabel(INTEGRATIONS_TEXT.nameLabel).fill('Tango Gestión');
  await screenshotBothWidths(page, 'integrations-new-key');
  await form.getByRole('button', { name: INTEGRATIONS_TEXT.createSubmit }).click();
  const stepUp = page.getByRole('dialog', { name: SECURITY_TEXT.stepUpTitle });
  await expect(stepUp).toBeVisible();
  await stepUp.getByLabel(SECURITY_TEXT.stepUpPasswordLabel).fill(company.password);
  await stepUp.getByRole('button', { name: SECURITY_TEXT.stepUpSubmit }).click();
  await expect(stepUp).toBeHidden();

  // The same request went again: the key, shown this once.
  const shown = page.getByRole('dialog', { name: INTEGRATIONS_TEXT.shownOnceTitle });
  await expect(shown).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshotBothWidths(page, 'integrations-key-shown');
  await shown.getByRole('button', { name: INTEGRATIONS_TEXT.copy }).click();
  await expect(toastOf(page)).toContainText(API_KEY_MESSAGES.copied);
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^vm_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByTestId('created-api-key')).toHaveText(key);
  await shown.getByRole('button', { name: INTEGRATIONS_TEXT.done }).click();

  // An outside system calls the public API with it (no cookie).
  const orders = await api.get('/api/v1/orders', { headers: { authorization: `Bearer ${key}` } });
  expect(orders.status()).toBe(200);
  expect(await orders.json()).toMatchObject({ data: [], has_more: false });

  const row = page.getByTestId('api-key');
  await expect(row).toContainText('Tango Gestión');
  await expect(row).toContainText(key.slice(0, 11));
  await page.reload();
  await expect(row).not.toContainText(key.slice(11));
  expect(await seriousA11yViolations(page)).toEqual([]);
  await screenshotBothWidths(page, 'integrations-keys');

  await row.getByRole('button', { name: `${INTEGRATIONS_TEXT.revoke}: Tango Gestión` }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: INTEGRATIONS_TEXT.revoke })
    .click();
  await expect(toastOf(page)).toContainText(API_KEY_MESSAGES.revoked);
  await expect(page.getByText(INTEGRATIONS_TEXT.empty)).toBeVisible();
  const refused = await api.get('/api/v1/orders', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  await context.close();
});
