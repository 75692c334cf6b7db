import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import {
  AccountLockedError,
  clearFailures,
  forgetStaleFailures,
  lockIfExhausted,
  reserveAttempt,
  unknownEmailAccount,
  type GuardedAccount,
} from './sign-in-guard.service';
import { signInFailures } from './sign-in-failures.table';

const MAX = 10;
const T0 = new Date('2026-11-27T15:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describe('the sign-in counter: a window of 15 minutes, a lock of 15', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const account = (): GuardedAccount => ({ userId: `usuario-${randomUUID()}` });
  const reserve = (who: GuardedAccount, now: Date) =>
    reserveAttempt(t.db, who, { maxFailures: MAX, now }).then(
      () => 'counted',
      (error: unknown) => (error instanceof AccountLockedError ? 'locked' : Promise.reject(error)),
    );
  const failTimes = async (who: GuardedAccount, times: number, now: Date) => {
    for (let i = 0; i < times; i += 1) expect(await reserve(who, now)).toBe('counted');
  };

  it('locks on the tenth failure within fifteen minutes, spread as they may be', async () => {
    const who = account();
    await failTimes(who, 5, at(0));
    await failTimes(who, 4, at(14));
    expect(await lockIfExhausted(t.db, who, { maxFailures: MAX, now: at(14) })).toBeNull();
    await failTimes(who, 1, at(14.5));
    expect(await lockIfExhausted(t.db, who, { maxFailures: MAX, now: at(14.5) })).toEqual(at(29.5));
    expect(await reserve(who, at(29))).toBe('locked');
    expect(await reserve(who, at(29.5))).toBe('counted');
  });

  it('forgets failures older than fifteen minutes', async () => {
    const who = account();
    await failTimes(who, 9, at(0));
    // Fifteen minutes later, nine more are only nine.
    await failTimes(who, 9, at(15));
    expect(await lockIfExhausted(t.db, who, { maxFailures: MAX, now: at(15) })).toBeNull();
  });

  it('lets no eleventh attempt through while the tenth is still being checked', async () => {
    const who = account();
    await failTimes(who, 10, at(0));
    expect(await reserve(who, at(1))).toBe('locked');
    await expect(reserveAttempt(t.db, who, { maxFailures: MAX, now: at(1) })).rejects.toMatchObject(
      { statusCode: 429, code: 'ACCOUNT_LOCKED', retryAfterSeconds: 14 * 60 },
    );
  });

  it('locks once, and tells the owner once', async () => {
    const who = account();
    await failTimes(who, 10, at(0));
    const told: unknown[] = [];
    const onLocked = async (_tx: unknown, lock: unknown) => void told.push(lock);
    const first = await lockIfExhausted(t.db, who, { maxFailures: MAX, now: at(0) }, onLocked);
    const second = await lockIfExhausted(t.db, who, { maxFailures: MAX, now: at(1) }, onLocked);
    expect(first).toEqual(at(15));
    expect(second).toBeNull();
    expect(told).toEqual([
      { userId: (who as { userId: string }).userId, lockedUntil: at(15), failures: 10 },
    ]);
  });

  it('clears an account and sweeps rows that changed nothing any more', async () => {
    const who = account();
    await failTimes(who, 3, at(0));
    await clearFailures(t.db, who);
    const stale = account();
    await failTimes(stale, 2, at(0));
    const locked = account();
    await failTimes(locked, 10, at(10));
    await lockIfExhausted(t.db, locked, { maxFailures: MAX, now: at(10) });
    // At 20 minutes: `stale` is past, `locked` is locked until 25.
    await forgetStaleFailures(t.db, at(20));
    const keys = (await t.db.select().from(signInFailures)).map((row) => row.accountKey);
    expect(keys).not.toContain((stale as { userId: string }).userId);
    expect(keys).toContain((locked as { userId: string }).userId);
    expect(keys).not.toContain((who as { userId: string }).userId);
  });

  it('puts e-mails without an account in 65 536 buckets, by a keyed hash', () => {
    const a = unknownEmailAccount('nadie@example.com', 'secreto-uno');
    expect(a).toEqual(unknownEmailAccount('nadie@example.com', 'secreto-uno'));
    expect(a).not.toEqual(unknownEmailAccount('nadie@example.com', 'secreto-dos'));
    expect((a as { unknownKey: string }).unknownKey).toMatch(/^unknown:\d{1,5}$/);
  });
});
