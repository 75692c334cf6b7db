import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import {
  cookieHeader,
  createUser,
  OTHER_TEST_PASSWORD,
  uniqueEmail,
  type CreatedUser,
} from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { readInbox } from '../mail/mailer';
import { signInFailures } from './sign-in-failures.table';
import { LOCK_MINUTES } from './sign-in-guard.service';

const LOCKED = {
  code: 'ACCOUNT_LOCKED',
  message: ACCOUNT_MESSAGES.accountLocked(LOCK_MINUTES),
};

// Each wrong password costs a scrypt hash: these tests make many, slowly on a busy machine.
describe(
  'sign-in protection per account, whatever the address (SIGNIN_MAX_FAILURES)',
  { timeout: 60_000 },
  () => {
    let t: TestApp;
    let address = 0;
    /** Every attempt from an address of its own: the per-address limit never speaks here. */
    const nextAddress = () => `10.20.${Math.floor(address / 250)}.${(address++ % 250) + 1}`;

    beforeAll(async () => {
      t = await createTestApp({ SIGNIN_MAX_FAILURES: '10' });
    });
    afterAll(() => t.close());

    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.config.appUrl },
        payload: { email, password },
        remoteAddress: nextAddress(),
      });
    const wrongTimes = async (email: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i += 1) {
        statuses.push((await signIn(email, `no-es-la-clave-${i}`)).statusCode);
      }
      return statuses;
    };
    /** The lock e-mails an address received, once the outbox has sent what it holds. */
    const lockMails = async (email: string) => {
      await t.app.outbox.drain();
      return (await readInbox(t.config.dataDir)).filter(
        (entry) => entry.to === email && /Bloqueamos el inicio de sesión/.test(entry.subject),
      );
    };

    it('locks after ten wrong passwords from ten addresses, even for the right one, and e-mails the owner once', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      expect(await wrongTimes(user.email, 9)).toEqual(Array<number>(9).fill(401));

      // The tenth wrong password locks the account and says so.
      const tenth = await signIn(user.email, 'otra-clave-mala');
      expect(tenth.statusCode).toBe(429);
      expect(tenth.json().error).toEqual(LOCKED);
      expect(tenth.headers['retry-after']).toBe(String(LOCK_MINUTES * 60));

      // From yet another address, with the right password: still locked.
      const right = await signIn(user.email, user.password);
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toEqual(LOCKED);
      expect(right.headers['set-cookie']).toBeUndefined();
      expect(Number(right.headers['retry-after'])).toBeGreaterThan(LOCK_MINUTES * 60 - 30);
      expect(await wrongTimes(user.email, 3)).toEqual([429, 429, 429]);

      // One e-mail for the lock, however many attempts came after it.
      expect(await lockMails(user.email)).toHaveLength(1);
    });

    it('sends the owner a reset link that works, and a new password lifts the lock', async () => {
      const user = await createUser(t.app, { role: 'company', signIn: false });
      await wrongTimes(user.email, 10);
      const [mail] = await lockMails(user.email);
      expect(mail?.text).toContain('10 veces seguidas');
      expect(mail?.text).not.toContain(user.password);
      const link = mail?.links.find((l) =>
        l.startsWith(`${t.config.appUrl}/update-password?token=`),
      );
      const token = new URL(link!).searchParams.get('token');

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: t.config.appUrl },
        payload: { newPassword: OTHER_TEST_PASSWORD, token },
      });
      expect(reset.statusCode).toBe(200);
      const back = await signIn(user.email, OTHER_TEST_PASSWORD);
      expect(back.statusCode).toBe(200);
      // Signed in again, the owner finds the lock under the bell too.
      const bell = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: { cookie: cookieHeader(back.headers['set-cookie']) },
      });
      expect(bell.json().items).toContainEqual(
        expect.objectContaining({ title: 'Bloqueamos el inicio de sesión en tu cuenta' }),
      );
    });

    it('forgets the failures once the right password signs in', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      await wrongTimes(user.email, 9);
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
      expect(await t.db.$count(signInFailures, eq(signInFailures.accountKey, user.id))).toBe(0);
      expect(await wrongTimes(user.email, 9)).toEqual(Array<number>(9).fill(401));
      expect(await lockMails(user.email)).toHaveLength(0);
    });

    it('lets the right password in once the fifteen minutes are over', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      await wrongTimes(user.email, 10);
      expect((await signIn(user.email, user.password)).statusCode).toBe(429);
      // Fifteen minutes and a second later, as the database sees it.
      await t.db
        .update(signInFailures)
        .set({
          lockedUntil: sql`now() - interval '1 second'`,
          failedAt: sql`array(select f - interval '15 minutes 1 second' from unnest(${signInFailures.failedAt}) as f)`,
        })
        .where(eq(signInFailures.accountKey, user.id));
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    });

    it('answers an unknown e-mail as it answers an account, and adds no row per e-mail', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      const known = await wrongTimes(user.email, 11);
      const unknownEmail = uniqueEmail('nadie');
      const unknown = await wrongTimes(unknownEmail, 11);
      expect(unknown).toEqual(known);
      expect(unknown).toEqual([...Array<number>(9).fill(401), 429, 429]);
      const unknownRows = () =>
        t.db.$count(signInFailures, like(signInFailures.accountKey, 'unknown:%'));
      const before = await unknownRows();
      for (let i = 0; i < 8; i += 1) await signIn(uniqueEmail('otro'), 'no-es-la-clave');
      // New e-mails share the 65 536 counters; none is a row of its own name.
      expect((await unknownRows()) - before).toBeLessThanOrEqual(8);
      const keys = await t.db.select({ key: signInFailures.accountKey }).from(signInFailures);
      expect(keys.every((row) => !row.key.includes('@'))).toBe(true);
    });

    it('does not count what Better Auth refuses before the password (a malformed e-mail)', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      for (let i = 0; i < 12; i += 1) {
        expect((await signIn(`${user.email} `, 'no-es-la-clave')).statusCode).toBe(400);
      }
      expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    });

    describe('change of password from a session', () => {
      let owner: CreatedUser;
      const change = (cookie: string, currentPassword: string, newPassword: string, ip?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { origin: t.config.appUrl, cookie },
          payload: { currentPassword, newPassword },
          remoteAddress: ip ?? nextAddress(),
        });

      beforeAll(async () => {
        owner = await createUser(t.app, { role: 'company' });
      });

      it('counts wrong current passwords on the sign-in limit: a stolen session cannot guess on', async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 11; i += 1) {
          statuses.push(
            (await change(owner.cookie, `no-es-la-clave-${i}`, OTHER_TEST_PASSWORD)).statusCode,
          );
        }
        expect(statuses).toEqual([...Array<number>(9).fill(400), 429, 429]);
        // The right current password is refused too, and so is signing in.
        const right = await change(owner.cookie, owner.password, OTHER_TEST_PASSWORD);
        expect(right.statusCode).toBe(429);
        expect(right.json().error).toEqual(LOCKED);
        expect((await signIn(owner.email, owner.password)).statusCode).toBe(429);
        expect(await lockMails(owner.email)).toHaveLength(1);
      });

      it('refuses a weak new password before looking at the current one', async () => {
        const user = await createUser(t.app, { role: 'seller' });
        const weak = await change(user.cookie, 'no-es-la-clave', '12345678');
        expect(weak.statusCode).toBe(400);
        expect(weak.json().error.code).toBe('PASSWORD_COMMON');
        expect(weak.json().error.fields).toEqual({ password: ACCOUNT_MESSAGES.passwordCommon });
        expect(await t.db.$count(signInFailures, eq(signInFailures.accountKey, user.id))).toBe(0);

        const done = await change(user.cookie, user.password, OTHER_TEST_PASSWORD);
        expect(done.statusCode).toBe(200);
        expect((await signIn(user.email, OTHER_TEST_PASSWORD)).statusCode).toBe(200);
      });
    });
  },
);
