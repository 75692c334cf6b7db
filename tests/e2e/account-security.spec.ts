import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';
import { SECURITY_MESSAGES } from '../../src/shared/account-security/messages';
import { SECURITY_TEXT } from '../../src/shared/account-security/texts';
import { SELLER_MESSAGES } from '../../src/shared/seller/seller.schema';
import { totpCode } from '../factories/totp';
import {
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  uniqueCbu,
  VIEWPORTS,
  waitForMail,
} from './fixtures';
import { SECOND_APP_URL, startSecondApp } from './second-app';
import { ARGENTINA_TIME_ZONE } from '../../src/shared/time';

/**
 * Account security in the browser, on a second app where admins must use two
 * factors and the step-up window is six seconds (STEP_UP_MINUTES=0.1), so a
 * journey can outlive it.
 */
const PASSWORD = 'Cuenta-Segura-2026!';
const ADMIN_CODE = 'e2e-admin-signup-code-2026';
let stop: (() => Promise<void>) | undefined;
let api: APIRequestContext | undefined;

test.beforeAll(async () => {
  // A fresh embedded database is created and migrated: slower on a busy machine.
  test.setTimeout(120_000);
  stop = await startSecondApp({
    TWO_FACTOR_REQUIRED_ROLES: 'admin',
    STEP_UP_MINUTES: '0.1',
    ADMIN_SIGNUP_CODE: ADMIN_CODE,
  });
  api = await playwrightRequest.newContext({ baseURL: SECOND_APP_URL });
});
test.afterAll(async () => {
  await api?.dispose();
  await stop?.();
});

async function confirmedAccount(role: 'seller' | 'admin' | 'company') {
  if (!api) throw new Error('the second app did not start');
  const address = `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const common = {
    name: 'Lucía Gómez',
    email: address,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const created =
    role === 'seller'
      ? await api.post('/api/register', {
          multipart: {
            ...common,
            role,
            province: 'Salta',
            document: {
              name: 'dni.pdf',
              mimeType: 'application/pdf',
              buffer: Buffer.from(
                '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
              ),
            },
          },
        })
      : await api.post('/api/register', {
          data:
            role === 'admin'
              ? { ...common, role, adminSecretCode: ADMIN_CODE }
              : { ...common, role, companyName: 'Gómez Hnos SRL', shipping_provinces: ['Salta'] },
        });
  expect(created.status(), await created.text()).toBe(201);
  const mail = await waitForMail(api, address, /Confirma tu cuenta/);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  expect((await api.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
  return address;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: SECOND_APP_URL,
    locale: 'es-AR',
    timezoneId: ARGENTINA_TIME_ZONE,
    viewport: VIEWPORTS.desktop,
  });
  return context.newPage();
}

async function signIn(page: Page, address: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(address);
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Turns the factor on from Seguridad; answers the otpauth URI the page's secret stands for. */
async function turnOnFromSecurity(page: Page, screenshots?: string): Promise<string> {
  await page.getByRole('button', { name: SECURITY_TEXT.turnOn }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(SECURITY_TEXT.currentPassword).fill(PASSWORD);
  await dialog.getByRole('button', { name: SECURITY_TEXT.stepUpSubmit }).click();
  await expect(dialog.getByRole('img', { name: /Código QR/ })).toBeVisible();
  const secret = (await dialog.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  if (screenshots) await screenshotBothWidths(page, `${screenshots}-scan`);
  const uri = `otpauth://totp/VendeMas?secret=${secret}`;
  await dialog.getByLabel(SECURITY_TEXT.enrollCodeLabel).fill(totpCode(uri));
  await dialog.getByRole('button', { name: SECURITY_TEXT.enrollConfirm }).click();
  await expect(dialog.getByRole('heading', { name: SECURITY_TEXT.backupTitle })).toBeVisible();
  await expect(dialog.getByTestId('backup-codes').locator('li')).toHaveCount(10);
  if (screenshots) await screenshotBothWidths(page, `${screenshots}-backup-codes`);
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: SECURITY_TEXT.backupDownload }).click();
  expect((await download).suggestedFilename()).toBe('vendemas-codigos-de-respaldo.txt');
  await dialog.getByRole('button', { name: SECURITY_TEXT.backupDone }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveText(SECURITY_TEXT.twoFactorOnStatus);
  return uri;
}

test.describe('account security', () => {
  test('a seller turns on two factors in Seguridad, then signs in with a code and trusts the device', async ({
    browser,
  }) => {
    const address = await confirmedAccount('seller');
    const page = await newPage(browser);
    await signIn(page, address);
    await expect(page).toHaveURL(/\/seller$/);
    await page.getByRole('link', { name: 'Seguridad' }).first().click();
    await expect(
      page.getByRole('heading', { name: SECURITY_TEXT.pageTitle, level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId('account-session')).toHaveCount(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'security-page');
    const uri = await turnOnFromSecurity(page, 'security-two-factor');

    // Signing in again asks for the code after the password, and gives no panel before it.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await signIn(page, address);
    await expect(page.getByRole('heading', { name: SECURITY_TEXT.signInStepTitle })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await screenshotBothWidths(page, 'sign-in-code-step');
    await page.getByLabel(SECURITY_TEXT.signInCodeLabel).fill('000000');
    await page.getByRole('button', { name: SECURITY_TEXT.signInVerify }).click();
    await expect(page.getByText(SECURITY_MESSAGES.wrongCode)).toBeVisible();
    await page.getByLabel(SECURITY_TEXT.signInCodeLabel).fill(totpCode(uri));
    await page.getByLabel(SECURITY_TEXT.signInTrustDevice).check();
    await page.getByRole('button', { name: SECURITY_TEXT.signInVerify }).click();
    await expect(page).toHaveURL(/\/seller$/);

    // This browser is trusted for 30 days: the password alone signs in.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await signIn(page, address);
    await expect(page).toHaveURL(/\/seller$/);
    await page.context().close();
  });

  test('changing the payout CBU after the step-up window asks for the password in a dialog and saves', async ({
    browser,
  }) => {
    const address = await confirmedAccount('seller');
    const page = await newPage(browser);
    await signIn(page, address);
    await expect(page).toHaveURL(/\/seller$/);
    await page.goto('/seller/settings');
    await page.getByText('Transferencia bancaria').click();
    await page.getByLabel('CBU o CVU', { exact: true }).fill(uniqueCbu());
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await expect(toastOf(page)).toContainText(SELLER_MESSAGES.saved);

    // Past the window (six seconds here), a new CBU needs the password again.
    await page.waitForTimeout(6_500);
    const next = uniqueCbu();
    await page.getByLabel('CBU o CVU', { exact: true }).fill(next);
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    const dialog = page.getByRole('dialog', { name: SECURITY_TEXT.stepUpTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(SECURITY_MESSAGES.reauthRequired);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'step-up-dialog');
    await dialog.getByLabel(SECURITY_TEXT.stepUpPasswordLabel).fill('no-es-esta');
    await dialog.getByRole('button', { name: SECURITY_TEXT.stepUpSubmit }).click();
    await expect(dialog).toContainText(SECURITY_MESSAGES.wrongPassword);
    await dialog.getByLabel(SECURITY_TEXT.stepUpPasswordLabel).fill(PASSWORD);
    await dialog.getByRole('button', { name: SECURITY_TEXT.stepUpSubmit }).click();
    await expect(dialog).toBeHidden();
    // The same request went again and saved the new CBU.
    await expect(toastOf(page)).toContainText(SELLER_MESSAGES.saved);
    const saved = await page.request.get('/api/seller/settings');
    expect(((await saved.json()) as { payment_details: { cbu: string } }).payment_details.cbu).toBe(
      next,
    );
    await page.context().close();
  });

  test('an admin who must use two factors sees only Seguridad until it is on', async ({
    browser,
  }) => {
    const address = await confirmedAccount('admin');
    const page = await newPage(browser);
    await signIn(page, address);
    await expect(page).toHaveURL(/\/admin\/security$/);
    await expect(page.getByText(SECURITY_TEXT.twoFactorRequiredNotice)).toBeVisible();
    const sidebar = page.getByRole('navigation', { name: 'Panel Administrativo' }).first();
    await expect(sidebar.getByRole('link')).toHaveText(['Seguridad']);
    await screenshotBothWidths(page, 'security-admin-required');
    await turnOnFromSecurity(page);
    await expect(sidebar.getByRole('link', { name: 'Pedidos' })).toBeVisible();
    await sidebar.getByRole('link', { name: 'Usuarios' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.context().close();
  });

  test('a company closes a session it does not recognise, and is reminded to turn the factor on', async ({
    browser,
  }) => {
    const address = await confirmedAccount('company');
    const other = await newPage(browser);
    await signIn(other, address);
    await expect(other).toHaveURL(/\/company$/);
    const page = await newPage(browser);
    await signIn(page, address);
    await expect(page.getByTestId('two-factor-reminder')).toBeVisible();
    await page.getByTestId('two-factor-reminder').getByRole('link').click();
    await expect(page).toHaveURL(/\/company\/security$/);
    await expect(page.getByTestId('two-factor-reminder')).toHaveCount(0);
    const sessions = page.getByTestId('account-session');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: SECURITY_TEXT.thisSession })).toHaveCount(1);
    await screenshotBothWidths(page, 'security-sessions');
    await page.getByRole('button', { name: SECURITY_TEXT.closeOthers }).click();
    await expect(toastOf(page)).toContainText(SECURITY_TEXT.othersClosed);
    await expect(sessions).toHaveCount(1);
    // The other browser is signed out.
    await other.reload();
    await expect(other).toHaveURL(/\/login/);
    await page.context().close();
    await other.context().close();
  });
});
