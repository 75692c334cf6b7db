import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../src/shared/accounts/accounts.schema';
import type { Province } from '../../src/shared/provinces';
import { users } from '../../src/server/features/auth/auth.table';
import { registerAccount } from '../../src/server/features/accounts/register.service';
import { TEST_PASSWORD } from './test-password';

export { OTHER_TEST_PASSWORD, TEST_PASSWORD } from './test-password';

/** A minimal real PDF: the identity document of factory sellers. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The 8-byte PNG signature plus an IHDR start: enough for the content check. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

export interface CreateUserOptions {
  role: Role;
  name?: string;
  email?: string;
  password?: string;
  company?: string;
  province?: Province;
  shippingProvinces?: Province[];
  /** Confirm the e-mail (default) so the user can sign in. */
  confirmed?: boolean;
  /** Sign in and return the cookie (default true; needs `confirmed`). */
  signIn?: boolean;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  /** `cookie` header value of a signed-in session ('' when not signed in). */
  cookie: string;
}

export function uniqueEmail(prefix = 'usuario'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/**
 * Creates an account through the real sign-up service (user, profile, document,
 * confirmation e-mail), confirms it and signs in through the real endpoint.
 */
export async function createUser(
  app: FastifyInstance,
  options: CreateUserOptions,
): Promise<CreatedUser> {
  const role = options.role;
  const email = (options.email ?? uniqueEmail(role)).toLowerCase();
  const password = options.password ?? TEST_PASSWORD;
  const name =
    options.name ??
    { company: 'Ana Empresaria', seller: 'Sergio Vendedor', admin: 'Alicia Admin' }[role];
  const adminCode = 'factory-admin-code-0001';

  await registerAccount(
    { db: app.db, auth: app.auth, storage: app.storage, adminSignupCode: adminCode },
    {
      name,
      email,
      password,
      confirmPassword: password,
      role,
      companyName: role === 'company' ? (options.company ?? 'Yerbatera Misionera SA') : undefined,
      shipping_provinces:
        role === 'company' ? (options.shippingProvinces ?? ['Misiones', 'Córdoba']) : undefined,
      province: role === 'seller' ? (options.province ?? 'Córdoba') : undefined,
      adminSecretCode: role === 'admin' ? adminCode : undefined,
    },
    role === 'seller' ? { filename: 'dni.pdf', data: TINY_PDF } : undefined,
  );
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`factory: ${email} was not created`);
  if (options.confirmed ?? true) {
    await app.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  }
  const cookie =
    (options.signIn ?? true) && (options.confirmed ?? true)
      ? await signIn(app, email, password)
      : '';
  return { id: user.id, name, email, password, role, cookie };
}

/** Signs in through /api/auth/sign-in/email and returns the cookie header for later requests. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: app.config.appUrl },
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`factory sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return cookieHeader(response.headers['set-cookie']);
}

/** Turns Set-Cookie headers into a Cookie header. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((line) => line.split(';')[0]).join('; ');
}
