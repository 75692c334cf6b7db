import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { cookieHeader, createUser, signIn } from '../../../../tests/factories/accounts';
import { startSmtpSink } from '../../../../tests/factories/smtp-sink';
import { copyPgliteTemplate, createPostgresDatabase } from '../../../../tests/setup/databases';
import { TEST_ENV } from '../../../../tests/setup/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { seedVolume } from '../../db/seed/volume';
import { DEMO_ACCOUNTS, demoAccountsSeeder } from './demo-accounts.seeder';
import { accounts, users } from '../auth/auth.table';
import { disablePublicPasswordAccounts, PUBLIC_PASSWORDS } from '../auth/public-passwords';

const ADMIN = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;

function post(app: FastifyInstance, url: string, payload: object, cookie = '') {
  return app.inject({
    method: 'POST',
    url,
    headers: { origin: app.config.appUrl, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

describe('a data folder seeded in development, reopened with NODE_ENV=production', () => {
  let dataDir: string;
  let postgres: { url: string; drop: () => Promise<void> } | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let production: FastifyInstance;
  let devAdminCookie: string;
  /** Accounts a person made, with a password of their own. */
  let people: { email: string; password: string }[];
  const checkedHashes: string[] = [];
  const countingVerify = (input: { hash: string; password: string }) => {
    checkedHashes.push(input.hash);
    return verifyPassword(input);
  };

  beforeAll(async () => {
    dataDir = copyPgliteTemplate();
    postgres = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
    const env = {
      ...TEST_ENV,
      DATA_DIR: dataDir,
      WEB_DIR: path.join(dataDir, 'web'),
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    };

    // Development: the demo accounts with the README's passwords, a volume made
    // with a bench's password, and people with passwords of their own.
    const development = await buildApp(loadConfig(env));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    await demoAccountsSeeder.run({
      db: development.db,
      orderWorkflow: development.orderWorkflow,
      config: development.config,
      log: development.log,
    });
    vi.restoreAllMocks();
    const volume = await seedVolume(development.db, {
      orders: 0,
      companies: 1,
      sellers: 2,
      products: 1,
      password: 'bench-volumen-2026',
      tag: 'pub',
    });
    expect(volume.sampleAccounts.length).toBeGreaterThan(0);
    people = [];
    for (const [role, email] of [
      ['company', 'ana@yerbatera.com.ar'],
      ['seller', `sergio-${randomBytes(3).toString('hex')}@example.com`],
    ] as const) {
      const password = randomBytes(12).toString('base64url');
      await createUser(development, { role, email, password, signIn: false });
      people.push({ email, password });
    }
    devAdminCookie = await signIn(development, ADMIN.email, ADMIN.password);
    await development.close();

    smtp = await startSmtpSink();
    production = await buildApp(loadConfig({ ...env, NODE_ENV: 'production', SMTP_URL: smtp.url }));
  });
  afterAll(async () => {
    await production?.close();
    await smtp?.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds every account holding a public password and disables it, checking each hash once', async () => {
    const volumeAll = (await production.db.select({ email: users.email }).from(users))
      .map((row) => row.email)
      .filter((email) => email.startsWith('vol-pub-'));
    expect(volumeAll).toHaveLength(4); // its admin, the company and two sellers

    const disabled = await disablePublicPasswordAccounts(production.db, production.log, {
      verify: countingVerify,
      dataDir,
    });
    expect(disabled.map((account) => account.email).sort()).toEqual(
      [...DEMO_ACCOUNTS.map((account) => account.email), ...volumeAll].sort(),
    );
    // The volume's four accounts share one hash: checked once. The person at
    // yerbatera.com.ar is no candidate (their password is their own): never checked.
    const [own] = await production.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, 'ana@yerbatera.com.ar'));
    expect(checkedHashes).not.toContain(own!.hash);
    expect(new Set(checkedHashes).size).toBe(DEMO_ACCOUNTS.length + 1 + 1);
    expect(checkedHashes.length).toBeLessThanOrEqual(5 * PUBLIC_PASSWORDS.length);

    // Their passwords are gone, and so are their sessions.
    const left = await production.db
      .select({ userId: accounts.userId })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(
        and(
          eq(accounts.providerId, 'credential'),
          inArray(
            users.email,
            disabled.map((account) => account.email),
          ),
        ),
      );
    expect(left).toEqual([]);
    const me = await production.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: devAdminCookie },
    });
    expect(me.json()).toEqual({ user: null, profile: null });
  });

  it('lets none of them sign in, and refuses the public passwords themselves', async () => {
    for (const demo of DEMO_ACCOUNTS) {
      const response = await post(production, '/api/auth/sign-in/email', {
        email: demo.email,
        password: demo.password,
      });
      expect(response.statusCode, demo.email).toBe(403);
      expect(response.json().error).toEqual({
        code: 'PUBLIC_PASSWORD',
        message: ACCOUNT_MESSAGES.publicPasswordSignIn,
      });
    }
    // Whatever the account (the check is on the password typed, not on the account).
    const anyone = await post(production, '/api/auth/sign-in/email', {
      email: people[0]!.email,
      password: 'demo-admin-2026',
    });
    expect(anyone.statusCode).toBe(403);
    // The people with their own passwords sign in as before.
    for (const person of people) {
      const response = await post(production, '/api/auth/sign-in/email', person);
      expect(response.statusCode, person.email).toBe(200);
    }
  });

  it('checks nothing on the next start: disabled accounts hold no password, clean ones are remembered', async () => {
    checkedHashes.length = 0;
    expect(
      await disablePublicPasswordAccounts(production.db, production.log, {
        verify: countingVerify,
        dataDir,
      }),
    ).toEqual([]);
    expect(checkedHashes).toEqual([]);
    // Without the data folder's record, only the person at example.com (a domain the
    // repository's tools use) is looked at again.
    expect(
      await disablePublicPasswordAccounts(production.db, production.log, {
        verify: countingVerify,
      }),
    ).toEqual([]);
    expect(new Set(checkedHashes).size).toBe(1);
  });

  it('lets an owner back in through a password reset, never to a public password', async () => {
    const requested = await post(production, '/api/auth/request-password-reset', {
      email: ADMIN.email,
      redirectTo: `${production.config.appUrl}/update-password`,
    });
    expect(requested.statusCode).toBe(200);
    await vi.waitFor(() => expect(smtp.to(ADMIN.email)).toHaveLength(1));
    const link = smtp.to(ADMIN.email)[0]!.links.find((url) => url.includes('/update-password'))!;
    const token = new URL(link).searchParams.get('token')!;

    const publicAgain = await post(production, '/api/auth/reset-password', {
      token,
      newPassword: 'demo-admin-2026',
    });
    expect(publicAgain.statusCode).toBe(400);
    expect(publicAgain.json().error.message).toBe(ACCOUNT_MESSAGES.publicPasswordChosen);

    const fresh = randomBytes(12).toString('base64url');
    const reset = await post(production, '/api/auth/reset-password', { token, newPassword: fresh });
    expect(reset.statusCode).toBe(200);
    const back = await post(production, '/api/auth/sign-in/email', {
      email: ADMIN.email,
      password: fresh,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses a public password as the new one of a change from a session', async () => {
    const person = people[people.length - 1]!;
    const signedIn = await post(production, '/api/auth/sign-in/email', person);
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const change = await post(
      production,
      '/api/auth/change-password',
      { currentPassword: person.password, newPassword: 'demo-vendedor-2026' },
      cookie,
    );
    expect(change.statusCode).toBe(400);
    expect(change.json().error).toMatchObject({
      code: 'PUBLIC_PASSWORD',
      message: ACCOUNT_MESSAGES.publicPasswordChosen,
    });
    // The password did not change.
    expect((await post(production, '/api/auth/sign-in/email', person)).statusCode).toBe(200);
  });

  it('refuses a public password at sign-up in production', async () => {
    const response = await post(production, '/api/register', {
      name: 'Ana Pérez',
      email: 'ana.perez@yerbatera.com.ar',
      password: 'demo-empresa-2026',
      confirmPassword: 'demo-empresa-2026',
      role: 'company',
      companyName: 'Yerbatera del Sur',
      shipping_provinces: ['Misiones'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(ACCOUNT_MESSAGES.publicPasswordChosen);
  });
});
