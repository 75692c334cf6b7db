import { E2E_SUPPORT_WHATSAPP } from '../../playwright.config';
import { LANDING_LABELS, SUCCESS_PAGE, SUPPORT_MESSAGES } from '../../src/shared/messages';
import {
  expect,
  recordScripts,
  screenshotBothWidths,
  seriousA11yViolations,
  test,
  toastOf,
  toastWords,
} from './fixtures';

test.describe('public pages', () => {
  test('the landing page presents the product and links to sign-up, sign-in, terms and support', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/VendeMás/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /empresas argentinas/,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /VendeMás/);
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toMatch(/^http:\/\/localhost:\d+\/og-image\.jpg$/);
    const image = await page.request.get(ogImage!);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: LANDING_LABELS.signIn })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(header.getByRole('link', { name: LANDING_LABELS.register })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: LANDING_LABELS.start })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: LANDING_LABELS.haveAccount })).toHaveAttribute(
      'href',
      '/login',
    );
    await expect(page.getByRole('link', { name: LANDING_LABELS.registerCompany })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByRole('link', { name: LANDING_LABELS.becomeSeller })).toHaveAttribute(
      'href',
      '/register',
    );

    for (const feature of [
      'Panel de Empresa',
      'Panel Administrativo',
      'Panel de Vendedor',
      'Sistema de Puntos',
      'Links de Pago',
      'Ranking',
    ]) {
      await expect(page.getByRole('heading', { name: feature })).toBeVisible();
    }

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    );
    await footer.getByRole('link', { name: LANDING_LABELS.terms }).click();
    await expect(page).toHaveURL('/terms');
    await page.goBack();
    await footer.getByRole('link', { name: LANDING_LABELS.support }).click();
    await expect(page).toHaveURL('/support');
  });

  test('the landing page transfers at most 100 KB of JavaScript', async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const { bytes, files } = await scripts();
    expect(files.length).toBeGreaterThan(0);
    expect(bytes, files.join(', ')).toBeLessThanOrEqual(100 * 1024);
  });

  test('the terms page links to a real PDF of the terms', async ({ page, request }) => {
    await page.goto('/terms');
    const link = page.getByRole('link', { name: 'Ver documento' });
    await expect(link).toHaveAttribute('href', '/terminos.pdf');
    const pdf = await request.get('/terminos.pdf');
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(body.length).toBeGreaterThan(5_000);
  });

  test('the support form shows the three messages, then sends and resets', async ({ page }) => {
    await page.goto('/support');
    await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    // The WhatsApp line comes from the server's configuration, read at run time.
    await expect(page.getByRole('link', { name: E2E_SUPPORT_WHATSAPP })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/5493514000000\?/,
    );
    await expect(page.getByText('Respondemos en menos de 24 horas.')).toBeVisible();

    await page.getByLabel('Nombre').fill('A');
    await page.getByLabel('Correo electrónico').fill('no-es-correo');
    await page.getByLabel('Mensaje').fill('corto');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByText(SUPPORT_MESSAGES.nameTooShort)).toBeVisible();
    await expect(page.getByText(SUPPORT_MESSAGES.invalidEmail)).toBeVisible();
    await expect(page.getByText(SUPPORT_MESSAGES.messageTooShort)).toBeVisible();

    const unique = `Consulta de prueba ${Date.now()} sobre mis comisiones.`;
    await page.getByLabel('Nombre').fill('Martina Ruiz');
    await page.getByLabel('Correo electrónico').fill('martina@example.com');
    await page.getByLabel('Mensaje').fill(unique);
    await page.route('**/api/public/support', async (route) => {
      // Hold the answer briefly so the sending state is observable.
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    const stored = page.waitForResponse('**/api/public/support');
    await page.getByRole('button', { name: 'Enviar mensaje' }).click();
    await expect(page.getByRole('button', { name: SUPPORT_MESSAGES.sending })).toBeDisabled();
    const response = await stored;
    expect(response.status()).toBe(201);
    expect((await response.json()).id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(toastOf(page)).toContainText(toastWords(SUPPORT_MESSAGES.sentTitle));
    await expect(toastOf(page)).toContainText(SUPPORT_MESSAGES.sentDescription);
    await expect(page.getByLabel('Nombre')).toHaveValue('');
    await expect(page.getByLabel('Mensaje')).toHaveValue('');
  });

  test('the success page is in English and leads back to the store', async ({ page }) => {
    await page.goto('/success');
    await expect(page.getByRole('heading', { name: SUCCESS_PAGE.title })).toBeVisible();
    await expect(page.getByRole('link', { name: SUCCESS_PAGE.continueShopping })).toHaveAttribute(
      'href',
      '/store',
    );
  });

  test('an unknown path redirects to the landing page; an unknown API path is a JSON 404', async ({
    page,
    request,
  }) => {
    await page.goto('/esto/no/existe');
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: LANDING_LABELS.start })).toBeVisible();
    const api = await request.get('/api/esto-no-existe');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'La ruta solicitada no existe.' },
    });
  });

  for (const [name, url] of [
    ['landing', '/'],
    ['terms', '/terms'],
    ['support', '/support'],
    ['success', '/success'],
  ] as const) {
    test(`${name} has no serious accessibility violations and renders at 375 and 1280 px`, async ({
      page,
    }) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshotBothWidths(page, `public-${name}`);
      // Nothing overflows sideways on a phone.
      await page.setViewportSize({ width: 375, height: 812 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
