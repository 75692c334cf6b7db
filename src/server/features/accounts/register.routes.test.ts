import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { PROVINCES } from '@shared/provinces';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  cookieHeader,
  TEST_PASSWORD,
  TINY_PDF,
  TINY_PNG,
  uniqueEmail,
} from '../../../../tests/factories/accounts';
import {
  sellerSignUpFields as sellerFields,
  signUpMultipart as multipart,
} from '../../../../tests/factories/sign-up';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { users } from '../auth/auth.table';
import { accountExistsMail, verificationMail } from '../mail/templates';
import { profiles } from '../profiles/profiles.table';

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const PASSWORD = TEST_PASSWORD;

describe('sign-up (POST /api/register)', () => {
  let t: TestApp;
  let smtp: Sink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload });
  const registerSeller = (
    fields: Record<string, string>,
    file?: { name: string; data: Buffer },
  ) => {
    const body = multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/api/register', ...body });
  };
  const userCount = () => t.db.$count(users);
  const privateFiles = () => {
    const dir = path.join(t.config.dataDir, 'files', 'private', 'identity-documents');
    return existsSync(dir) ? readdirSync(dir).filter((name) => !name.endsWith('.type')) : [];
  };
  const signIn = (email: string, password = PASSWORD) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: t.config.appUrl },
      payload: { email, password },
    });

  it('creates a company, e-mails a Spanish confirmation, and after confirming the company can sign in', async () => {
    const email = uniqueEmail('empresa');
    const response = await register({
      name: 'Ana Empresaria',
      email: email.toUpperCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'company',
      companyName: 'Yerbatera Misionera SA',
      shipping_provinces: ['Misiones', 'Corrientes'],
    });
    expect(response.statusCode).toBe(201);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      role: 'company',
      company: 'Yerbatera Misionera SA',
      shippingProvinces: ['Misiones', 'Corrientes'],
      points: 0,
      sales: 0,
      province: null,
    });

    const [mail] = smtp.to(email);
    expect(mail?.subject).toBe(verificationMail('Ana Empresaria', '').subject);
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.body).toContain('Hola, Ana Empresaria');
    const link = mail!.links.find((l) => l.startsWith(`${t.config.appUrl}/auth/callback?token=`));
    expect(link).toBeDefined();

    // Before confirming: refused, with the offer to send the e-mail again.
    const early = await signIn(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({
      code: 'EMAIL_NOT_VERIFIED',
      message: ACCOUNT_MESSAGES.emailNotVerifiedDescription,
    });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email },
    });
    expect(resend.statusCode).toBe(200);
    expect(smtp.to(email)).toHaveLength(2);

    const token = new URL(link!).searchParams.get('token');
    const verified = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(verified.statusCode).toBe(200);

    const signedIn = await signIn(email);
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json()).toMatchObject({
      user: { email, name: 'Ana Empresaria', emailVerified: true },
      profile: { role: 'company', company: 'Yerbatera Misionera SA', logo_url: null },
    });
  });

  it('takes a company shipping to all 24 provinces as a browser form sends it', async () => {
    const email = uniqueEmail('empresa');
    const body = multipart({
      name: 'Ana',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'company',
      companyName: 'Envíos a Todo el País SA',
      shipping_provinces: [...PROVINCES],
    });
    const response = await t.app.inject({ method: 'POST', url: '/api/register', ...body });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile?.shippingProvinces).toEqual([...PROVINCES]);
    await t.db.delete(users).where(eq(users.id, user!.id));
  });

  it('refuses a role the server does not know, and a missing one', async () => {
    const base = { name: 'X', email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD };
    for (const role of ['superadmin', undefined, 'ADMIN']) {
      const response = await register({ ...base, role });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.role).toBe(ACCOUNT_MESSAGES.chooseAccountType);
    }
    expect(await userCount()).toBe(1);
  });

  it("checks the spec's field rules on the server", async () => {
    const email = uniqueEmail();
    const cases: [object, string, string][] = [
      [
        { confirmPassword: 'otra-clave-999' },
        'confirmPassword',
        ACCOUNT_MESSAGES.passwordsDoNotMatch,
      ],
      [
        { password: 'corta12', confirmPassword: 'corta12' },
        'password',
        ACCOUNT_MESSAGES.passwordTooShort,
      ],
      [
        { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
        'password',
        ACCOUNT_MESSAGES.passwordTooLong,
      ],
      [{ companyName: '' }, 'companyName', ACCOUNT_MESSAGES.companyRequired],
      [
        { shipping_provinces: [] },
        'shipping_provinces',
        ACCOUNT_MESSAGES.shippingProvincesRequired,
      ],
      [
        { shipping_provinces: ['Narnia'] },
        'shipping_provinces.0',
        ACCOUNT_MESSAGES.provinceRequired,
      ],
      [{ email: 'no-es-un-correo' }, 'email', ACCOUNT_MESSAGES.emailInvalid],
    ];
    for (const [change, field, message] of cases) {
      const response = await register({
        name: 'Ana',
        email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        role: 'company',
        companyName: 'Empresa',
        shipping_provinces: ['Salta'],
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await userCount()).toBe(1);
  });

  it("keeps Better Auth's own sign-up endpoint closed, so nobody picks a role around our checks", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'X', email: uniqueEmail(), password: PASSWORD, role: 'admin' },
    });
    expect(response.statusCode).toBe(404);
    expect(await userCount()).toBe(1);
  });

  it('answers a known e-mail like a new one and changes nothing', async () => {
    const [existing] = await t.db.select().from(users).limit(1);
    const before = smtp.received.length;
    const response = await register({
      name: 'Impostor',
      email: existing!.email,
      password: 'otra-clave-999',
      confirmPassword: 'otra-clave-999',
      role: 'company',
      companyName: 'Otra',
      shipping_provinces: ['Salta'],
    });
    expect(response.statusCode).toBe(201);
    expect(await userCount()).toBe(1);
    // The owner hears about it; the caller learns nothing new.
    expect(smtp.received.length).toBe(before + 1);
    const notice = smtp.received.at(-1)!;
    expect(notice.to).toEqual([existing!.email]);
    expect(notice.subject).toBe(accountExistsMail(existing!.name, '').subject);
    expect(notice.links).toContain(`${t.config.appUrl}/login`);
    expect((await signIn(existing!.email)).statusCode).toBe(200);
  });

  describe('sellers and their identity document', () => {
    it('stores the document privately: the owner and admins download it, nobody else', async () => {
      const email = uniqueEmail('vendedor');
      const response = await registerSeller(sellerFields(email), {
        name: 'dni.pdf',
        data: TINY_PDF,
      });
      expect(response.statusCode).toBe(201);
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user!.id));
      expect(profile).toMatchObject({ role: 'seller', province: 'Córdoba', company: null });
      expect(profile!.identityDocumentKey).toMatch(/^identity-documents\/[\w-]+\.pdf$/);

      // Not reachable as a public file.
      const guessed = await t.app.inject({
        method: 'GET',
        url: `/files/${profile!.identityDocumentKey}`,
      });
      expect(guessed.statusCode).toBe(404);

      const url = `/api/profiles/${user!.id}/identity-document`;
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);

      await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user!.id));
      const cookie = cookieHeader((await signIn(email)).headers['set-cookie']);
      const own = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['content-type']).toBe('application/pdf');
      expect(own.headers['x-content-type-options']).toBe('nosniff');
      expect(own.headers['content-disposition']).toMatch(/^attachment;/);
      expect(own.rawPayload.equals(TINY_PDF)).toBe(true);

      const otherEmail = uniqueEmail('vendedor');
      await registerSeller(sellerFields(otherEmail), { name: 'foto.png', data: TINY_PNG });
      await t.db.update(users).set({ emailVerified: true }).where(eq(users.email, otherEmail));
      const otherCookie = cookieHeader((await signIn(otherEmail)).headers['set-cookie']);
      const stranger = await t.app.inject({ method: 'GET', url, headers: { cookie: otherCookie } });
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json().error.message).toBe(ACCOUNT_MESSAGES.forbidden);
    });

    it('refuses a document over 5 MB and leaves nothing behind', async () => {
      const users0 = await userCount();
      const files0 = privateFiles().length;
      const big = Buffer.concat([TINY_PDF, Buffer.alloc(5 * 1024 * 1024)]);
      const response = await registerSeller(sellerFields(uniqueEmail()), {
        name: 'dni.pdf',
        data: big,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().error).toMatchObject({
        code: 'FILE_TOO_LARGE',
        message: ACCOUNT_MESSAGES.fileTooLargeDescription,
      });
      expect(await userCount()).toBe(users0);
      expect(privateFiles()).toHaveLength(files0);
    });

    it('accepts exactly 5 MB', async () => {
      const exact = Buffer.concat([TINY_PDF, Buffer.alloc(5 * 1024 * 1024 - TINY_PDF.length)]);
      const response = await registerSeller(sellerFields(uniqueEmail()), {
        name: 'dni.pdf',
        data: exact,
      });
      expect(response.statusCode).toBe(201);
    });

    it('refuses a file whose content is not what its name says', async () => {
      const users0 = await userCount();
      const files0 = privateFiles().length;
      for (const file of [
        { name: 'dni.pdf', data: Buffer.from('MZ\x90\x00 this is a Windows program') },
        { name: 'foto.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>') },
        { name: 'dni.exe', data: TINY_PDF },
      ]) {
        const response = await registerSeller(sellerFields(uniqueEmail()), file);
        expect(response.statusCode, file.name).toBe(400);
        expect(response.json().error.fields.document).toBe(ACCOUNT_MESSAGES.documentType);
      }
      expect(await userCount()).toBe(users0);
      expect(privateFiles()).toHaveLength(files0);
    });

    it('requires the document and the province', async () => {
      const noFile = await registerSeller(sellerFields(uniqueEmail()));
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json().error.fields.document).toBe(ACCOUNT_MESSAGES.documentRequired);
      const { province: _province, ...withoutProvince } = sellerFields(uniqueEmail());
      const noProvince = await registerSeller(withoutProvince, { name: 'dni.pdf', data: TINY_PDF });
      expect(noProvince.json().error.fields.province).toBe(ACCOUNT_MESSAGES.provinceRequired);
    });
  });

  it('refuses admin sign-up while ADMIN_SIGNUP_CODE is unset', async () => {
    const response = await register({
      name: 'Intruso',
      email: uniqueEmail('admin'),
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: 'admin',
      adminSecretCode: 'cualquier-cosa-123',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'ADMIN_SIGNUP_DISABLED',
      message: ACCOUNT_MESSAGES.adminSignupDisabled,
    });
  });
});
