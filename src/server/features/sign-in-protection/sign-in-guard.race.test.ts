import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../tests/factories/accounts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { readInbox } from '../mail/mailer';
import { signInFailures } from './sign-in-failures.table';
import { AccountLockedError, lockIfExhausted, reserveAttempt } from './sign-in-guard.service';

/*
 * PGlite is one connection, so concurrent attempts there take turns and prove
 * nothing about the upsert: this needs a PostgreSQL server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)(
  'concurrent wrong passwords on PostgreSQL (skipped: set TEST_DATABASE_URL to run it)',
  { timeout: 120_000 },
  () => {
    let t: TestApp;
    let second: DatabaseHandle;

    beforeAll(async () => {
      t = await createTestApp({ SIGNIN_MAX_FAILURES: '10' });
      // Another instance: its own connections to the same database.
      second = await openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
    });

    it('lets at most ten of fifty simultaneous attempts from two instances reach a password check', async () => {
      expect(t.app.dbDriver).toBe('postgres');
      const who = { userId: `usuario-${randomUUID()}` };
      const now = new Date();
      const outcomes = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          reserveAttempt(i % 2 ? t.db : second.db, who, { maxFailures: 10, now }).then(
            () => 'counted',
            (error: unknown) => (error instanceof AccountLockedError ? 'locked' : String(error)),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'counted')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(40);

      // Ten wrong passwords ending together: one lock, one notice.
      let told = 0;
      const locks = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          lockIfExhausted(i % 2 ? t.db : second.db, who, { maxFailures: 10, now }, async () => {
            told += 1;
          }),
        ),
      );
      expect(locks.filter(Boolean)).toHaveLength(1);
      expect(told).toBe(1);
    });

    it('thirty wrong passwords at once from thirty addresses: ten checked, one lock, one e-mail', async () => {
      const user = await createUser(t.app, { role: 'seller', signIn: false });
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            headers: { origin: t.config.appUrl },
            payload: { email: user.email, password: `no-es-la-clave-${i}` },
            remoteAddress: `10.40.0.${i + 1}`,
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      // Nine wrong passwords answered as such, the tenth locked the account, twenty never checked.
      expect(statuses).toEqual([...Array<number>(9).fill(401), ...Array<number>(21).fill(429)]);
      const [row] = await t.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.accountKey, user.id));
      expect(row?.failedAt).toHaveLength(10);
      expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
      await t.app.outbox.drain();
      const mails = (await readInbox(t.config.dataDir)).filter(
        (entry) => entry.to === user.email && /Bloqueamos el inicio de sesión/.test(entry.subject),
      );
      expect(mails).toHaveLength(1);

      const right = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: t.config.appUrl },
        payload: { email: user.email, password: user.password },
        remoteAddress: '10.40.1.1',
      });
      expect(right.statusCode).toBe(429);
    });
  },
);
