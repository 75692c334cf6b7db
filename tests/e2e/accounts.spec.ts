import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts/messages';
import { LANDING_LABELS } from '../../src/shared/messages';
import { DEMO_ACCOUNTS } from '../../src/server/features/accounts/demo-accounts.seeder';
import { OTHER_TEST_PASSWORD, TEST_PASSWORD } from '../factories/test-password';
import {
  confirmedCompany,
  expect,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  waitForMail,
} from './fixtures';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const demo = (role: 'company' | 'seller' | 'admin') => DEMO_ACCOUNTS.find((a) => a.role === role)!;
const email = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

async function signIn(page: Page, address: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(address);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

test.describe('accounts', () => {
  test('a company signs up, confirms from the e-mail and lands in its panel', async ({
    page,
    request,
  }) => {
    const address = email('empresa');
    await page.goto('/register');
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    // spec 01 §5: no account type chosen.
    await page.getByLabel('Nombre completo').fill('Julieta Paz');
    await page.getByLabel('Correo electrónico').fill(address);
    // The meter judges the password while it is typed, in the server's words.
    const password = page.getByLabel('Contraseña', { exact: true });
    const meter = page.getByTestId('password-strength');
    await expect(meter).toContainText('al menos 8 caracteres');
    await password.fill('12345678');
    await expect(meter).toContainText(ACCOUNT_MESSAGES.passwordCommon);
    await expect(meter).toContainText('Muy débil');
    await password.fill(TEST_PASSWORD);
    await expect(meter).toContainText('Buena contraseña');
    await expect(password).toHaveAttribute('aria-describedby', 'register-password-strength');
    await page.getByLabel('Confirmar contraseña').fill('otra-clave-123');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.chooseAccountType);

    await page.getByText('Empresa', { exact: true }).click();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.passwordsDoNotMatch);
    await page.getByLabel('Nombre de la empresa').fill('Paz Alimentos SA');
    await page.getByLabel('Salta').check();
    await page.getByLabel('Tucumán').check();
    // A password holding the e-mail's name is refused under its field, and nothing is sent.
    const local = address.split('@')[0]!;
    await password.fill(`${local}-2026`);
    await page.getByLabel('Confirmar contraseña').fill(`${local}-2026`);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    const refusal = ACCOUNT_MESSAGES.passwordContainsEmailName(local);
    await expect(page.locator('#register-password-error')).toHaveText(refusal);
    await expect(password).toBeFocused();
    await expect(page).toHaveURL('/register');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'register-password-refused');
    await password.fill(TEST_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
    await expect(meter).toContainText('Buena contraseña');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'register-company');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.signUpSuccessTitle);
    await expect(page).toHaveURL('/login');

    const mail = await waitForMail(request, address, /Confirma tu cuenta/);
    const link = mail.links.find((l) => l.includes('/auth/callback'))!;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmed)).toBeVisible();
    await screenshotBothWidths(page, 'auth-callback-confirmed');
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
    // The sign-in page says the account is confirmed and has the e-mail filled in.
    await expect(page.getByText(ACCOUNT_MESSAGES.confirmedSignIn)).toBeVisible();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(address);
    await expect(page.getByLabel('Contraseña')).toBeFocused();

    await expect(page.getByRole('link', { name: /Olvidaste/ })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'login');
    await signIn(page, address, TEST_PASSWORD);
    await expect(page).toHaveURL('/company');
    await expect(page.getByRole('heading', { name: '¡Hola, Julieta Paz!' })).toBeVisible();
    await expect(page.getByText('Paz Alimentos SA').first()).toBeVisible();
    for (const label of [
      'Mis Productos',
      'Pedidos',
      'Vendedores',
      'Pasarelas de Pago',
      'Configuración de la Empresa',
    ]) {
      await expect(page.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'panel-company');

    // Signed in, /login goes straight to the panel.
    await page.goto('/login');
    await expect(page).toHaveURL('/company');

    await page.getByRole('link', { name: 'Mis Productos' }).click();
    await expect(page.getByRole('heading', { name: 'Mis Productos' })).toBeVisible();
    await expect(page.getByText('Todavía no tienes productos')).toBeVisible();

    // The landing header offers the dashboard to a signed-in user.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: LANDING_LABELS.dashboard }).click();
    await expect(page).toHaveURL('/company');
  });

  test('a confirmation link that is not valid shows the error', async ({ page }) => {
    await page.goto('/auth/callback?token=no-es-un-token');
    await expect(
      page.getByText(ACCOUNT_MESSAGES.callbackError(ACCOUNT_MESSAGES.invalidToken)),
    ).toBeVisible();
    await screenshotBothWidths(page, 'auth-callback-error');
  });

  test('a seller signs up with a document; signing in before confirming offers to resend', async ({
    page,
    request,
  }) => {
    const address = email('vendedor');
    await page.goto('/register');
    await page.getByText('Vendedor', { exact: true }).click();
    await page.getByLabel('Nombre completo').fill('Tomás Ibarra');
    await page.getByLabel('Correo electrónico').fill(address);
    await page.getByLabel('Provincia').selectOption('Mendoza');

    // spec 01 §5: more than 5 MB is refused in the page.
    await page.getByLabel('Documento de identidad').setInputFiles({
      name: 'grande.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x25),
    });
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.fileTooLargeTitle);

    await page.getByLabel('Documento de identidad').setInputFiles({
      name: 'dni.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(page.getByText('dni.pdf')).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(TEST_PASSWORD);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'register-seller');

    // Changing the account type clears the seller's fields.
    await page.getByText('Empresa', { exact: true }).click();
    await page.getByText('Vendedor', { exact: true }).click();
    await expect(page.getByLabel('Provincia')).toHaveValue('');
    await expect(page.getByText('Elige un archivo')).toBeVisible();
    await page.getByLabel('Provincia').selectOption('Mendoza');
    await page.getByLabel('Documento de identidad').setInputFiles({
      name: 'dni.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });

    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL('/login');
    await waitForMail(request, address, /Confirma tu cuenta/);

    await signIn(page, address, TEST_PASSWORD);
    await expect(page.getByText(ACCOUNT_MESSAGES.emailNotVerifiedTitle)).toBeVisible();
    await page.getByRole('button', { name: ACCOUNT_MESSAGES.resendVerification }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.verificationResentTitle);
    const mail = await waitForMail(request, address, /Confirma tu cuenta/, 2);
    await page.goto(new URL(mail.links[0]!).pathname + new URL(mail.links[0]!).search);
    await expect(page).toHaveURL('/login', { timeout: 5_000 });
    await signIn(page, address, TEST_PASSWORD);
    await expect(page).toHaveURL('/seller');
    await expect(page.getByRole('heading', { name: '¡Hola, Tomás Ibarra!' })).toBeVisible();
    await expect(page.getByText('Mendoza')).toBeVisible();
  });

  test('the public form offers no Administrador option when this server takes no admin sign-ups', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('radio', { name: /Empresa/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Administrador/ })).toHaveCount(0);
    await expect(page.getByText('No disponible')).toHaveCount(0);
    await expect(page.getByLabel('Código secreto de administrador')).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'register-admin');
  });

  test('a wrong password gets the same message as an unknown e-mail', async ({ page }) => {
    await signIn(page, demo('seller').email, 'no-es-la-clave');
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.signInErrorDescription);
    await expect(page.getByRole('button', { name: 'Iniciar Sesión' })).toBeEnabled();
    await signIn(page, email('nadie'), 'no-es-la-clave');
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.signInErrorDescription);
  });

  test('password recovery: e-mail link, new password, old sessions ended', async ({
    page,
    browser,
    request,
  }) => {
    const { address, password } = await confirmedCompany(request);
    // Another device is signed in with the old password.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, address, password);
    await expect(otherPage).toHaveURL('/company');

    await page.goto('/forgot-password');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'forgot-password');
    await page.getByLabel('Correo electrónico').fill(address);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.recoverySentTitle);
    await expect(page.getByText(address)).toBeVisible();
    await expect(page.getByText(/carpeta de spam/)).toBeVisible();
    await screenshotBothWidths(page, 'forgot-password-sent');

    const mail = await waitForMail(request, address, /Restablece tu contraseña/);
    const link = new URL(mail.links.find((l) => l.includes('/update-password'))!);
    await page.goto(link.pathname + link.search);
    const meter = page.getByTestId('password-strength');
    await page.getByLabel('Nueva contraseña').fill('password');
    await expect(meter).toContainText(ACCOUNT_MESSAGES.passwordCommon);
    await screenshotBothWidths(page, 'update-password-refused-by-meter');
    await page.getByLabel('Nueva contraseña').fill(OTHER_TEST_PASSWORD);
    await expect(meter).toContainText('Buena contraseña');
    await page.getByLabel('Confirmar contraseña').fill('otra-cosa-789');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotBothWidths(page, 'update-password');
    await page.getByLabel('Confirmar contraseña').fill(OTHER_TEST_PASSWORD);
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect(toastOf(page)).toContainText(ACCOUNT_MESSAGES.updateSuccessTitle);
    await expect(page).toHaveURL('/login', { timeout: 6_000 });

    await signIn(page, address, OTHER_TEST_PASSWORD);
    await expect(page).toHaveURL('/company');
    await otherPage.reload();
    await expect(otherPage).toHaveURL('/login');
    await other.close();
  });

  test('each role lands in its own panel and is sent home from the others', async ({ page }) => {
    for (const role of ['seller', 'admin', 'company'] as const) {
      const account = demo(role);
      await signIn(page, account.email, account.password);
      await expect(page).toHaveURL(`/${role}`);
      await expect(page.getByTestId('panel-user-name')).toHaveText(account.name);
      if (role !== 'company') {
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshotBothWidths(page, `panel-${role}`);
      }
      for (const other of ['company', 'seller', 'admin'].filter((r) => r !== role)) {
        await page.goto(`/${other}`);
        await expect(page).toHaveURL(`/${role}`);
      }
      await page.getByRole('button', { name: ACCOUNT_MESSAGES.signOut }).click();
      await expect(page).toHaveURL('/login');
    }
    await page.goto('/admin');
    await expect(page).toHaveURL('/login');
  });

  test('the admin reads the support messages', async ({ page }) => {
    await page.goto('/support');
    await page.getByLabel('Nombre').fill('Rosa Ledesma');
    await page.getByLabel('Correo electrónico').fill('rosa@example.com');
    await page.getByLabel('Mensaje').fill('No me llega el correo de confirmación de mi cuenta.');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(toastOf(page)).toBeVisible();
    await signIn(page, demo('admin').email, demo('admin').password);
    await page.getByRole('link', { name: 'Soporte', exact: true }).click();
    await expect(
      page.getByText('No me llega el correo de confirmación de mi cuenta.'),
    ).toBeVisible();
    await screenshotBothWidths(page, 'panel-admin-support');
  });

  test('signing out in one tab signs out the others; phones get a slide-out menu', async ({
    context,
  }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await signIn(first, demo('seller').email, demo('seller').password);
    await expect(first).toHaveURL('/seller');
    await second.goto('/');
    await expect(
      second.getByRole('banner').getByRole('link', { name: LANDING_LABELS.dashboard }),
    ).toBeVisible();

    // A background tab does not run animations; the menu slides in on the tab in front.
    await first.bringToFront();
    await first.setViewportSize({ width: 375, height: 812 });
    await first.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(first.getByRole('dialog').getByRole('link', { name: 'Catálogo' })).toBeVisible();
    await first.waitForTimeout(400); // let the slide-in finish
    await first.screenshot({ path: 'screenshots/panel-seller-menu-phone.png' });
    await first.getByRole('dialog').getByRole('button', { name: ACCOUNT_MESSAGES.signOut }).click();
    await expect(first).toHaveURL('/login');
    await expect(
      second.getByRole('banner').getByRole('link', { name: LANDING_LABELS.signIn }),
    ).toBeVisible();
  });
});
