import { createHmac } from 'node:crypto';
import { and, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { signInFailures } from './sign-in-failures.table';

/** API.md, Sign-in protection: failures count for 15 minutes, and a lock lasts 15 minutes. */
export const FAILURE_WINDOW_MINUTES = 15;
export const LOCK_MINUTES = 15;
const MINUTE_MS = 60_000;

/** E-mails without an account share this many counters (a keyed hash picks one). */
const UNKNOWN_BUCKETS = 65_536;

/** 429 `ACCOUNT_LOCKED`, with the seconds to wait for Retry-After. */
export class AccountLockedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(ERROR_CODES.accountLocked, ACCOUNT_MESSAGES.accountLocked(LOCK_MINUTES), 429);
  }
}

/** Whose wrong passwords are counted: a user, or the bucket of an e-mail nobody registered. */
export type GuardedAccount = { userId: string } | { unknownKey: string };

export function accountKeyOf(account: GuardedAccount): string {
  return 'userId' in account ? account.userId : account.unknownKey;
}

/**
 * The counter of an e-mail without an account. Counting those too keeps the
 * answers alike (an unknown e-mail locks after as many tries as an account),
 * and sharing 65 536 counters keeps anyone from adding rows without end.
 * Keyed with the app's secret, so nobody can aim at one bucket from outside.
 */
export function unknownEmailAccount(email: string, secret: string): GuardedAccount {
  const digest = createHmac('sha256', secret).update(`sign-in-guard:${email}`).digest();
  return { unknownKey: `unknown:${digest.readUInt16BE(0) % UNKNOWN_BUCKETS}` };
}

export interface GuardLimit {
  /** SIGNIN_MAX_FAILURES: wrong passwords within the window that lock the account. */
  maxFailures: number;
  now: Date;
}

/** The row's failures still inside the window that ends at `now`. */
function recentFailures(now: Date): SQL {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * MINUTE_MS).toISOString();
  return sql`array(select f from unnest(${signInFailures.failedAt}) as f where f > ${since}::timestamptz)`;
}

const notLockedAt = (now: Date) =>
  or(isNull(signInFailures.lockedUntil), lte(signInFailures.lockedUntil, now));

/**
 * Counts an attempt as a failure before its password is checked, in one
 * statement: an upsert whose update only happens while the account is not
 * locked and its window holds fewer than `maxFailures` failures. Concurrent
 * attempts queue on the row, so however many arrive together at most
 * `maxFailures` are let through to a password check. Throws ACCOUNT_LOCKED
 * otherwise. A right password then takes the count back (`clearFailures`).
 */
export async function reserveAttempt(
  db: Database,
  account: GuardedAccount,
  { maxFailures, now }: GuardLimit,
): Promise<void> {
  const recent = recentFailures(now);
  const counted = await db
    .insert(signInFailures)
    .values({ accountKey: accountKeyOf(account), failedAt: [now], updatedAt: now })
    .onConflictDoUpdate({
      target: signInFailures.accountKey,
      set: {
        failedAt: sql`${recent} || ${now.toISOString()}::timestamptz`,
        lockedUntil: null,
        updatedAt: now,
      },
      setWhere: and(notLockedAt(now), sql`cardinality(${recent}) < ${maxFailures}`),
    })
    .returning({ accountKey: signInFailures.accountKey });
  if (counted.length === 0) throw new AccountLockedError(await secondsToWait(db, account, now));
}

/** What the owner is told when their account locks, in the lock's transaction. */
export type OnLocked = (
  tx: Transaction,
  lock: { userId: string; lockedUntil: Date; failures: number },
) => Promise<void>;

/**
 * After a wrong password: locks the account for LOCK_MINUTES when its window
 * holds `maxFailures` failures. Only the statement that moves the row from
 * unlocked to locked gets it back, so the owner hears of each lock once
 * (`onLocked`, in the same transaction), whatever runs beside it. Answers the
 * end of the lock this call set, or null.
 */
export async function lockIfExhausted(
  db: Database,
  account: GuardedAccount,
  { maxFailures, now }: GuardLimit,
  onLocked?: OnLocked,
): Promise<Date | null> {
  const recent = recentFailures(now);
  const lockedUntil = new Date(now.getTime() + LOCK_MINUTES * MINUTE_MS);
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .update(signInFailures)
      .set({ lockedUntil, updatedAt: now })
      .where(
        and(
          eq(signInFailures.accountKey, accountKeyOf(account)),
          notLockedAt(now),
          sql`cardinality(${recent}) >= ${maxFailures}`,
        ),
      )
      .returning({ failures: sql<number>`cardinality(${recent})` });
    if (!locked) return null;
    if ('userId' in account && onLocked) {
      await onLocked(tx, {
        userId: account.userId,
        lockedUntil,
        failures: Number(locked.failures),
      });
    }
    return lockedUntil;
  });
}

/** A right password: the account's failures (and any lock past) are forgotten. */
export async function clearFailures(db: Database, account: GuardedAccount): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKeyOf(account)));
}

/**
 * Throws ACCOUNT_LOCKED while the account is locked or its window is full,
 * without counting anything: for a route that wants to refuse early. A check
 * of a password must go through `reserveAttempt` (or `guardPasswordCheck`).
 */
export async function assertNotLocked(
  db: Database,
  account: GuardedAccount,
  { maxFailures, now }: GuardLimit,
): Promise<void> {
  const [row] = await db
    .select({
      lockedUntil: signInFailures.lockedUntil,
      failures: sql<number>`cardinality(${recentFailures(now)})`,
    })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKeyOf(account)));
  if (!row) return;
  const locked = row.lockedUntil !== null && row.lockedUntil > now;
  if (locked || Number(row.failures) >= maxFailures) {
    throw new AccountLockedError(await secondsToWait(db, account, now));
  }
}

/** Until the lock ends, or until the oldest failure of a full window leaves it. */
async function secondsToWait(db: Database, account: GuardedAccount, now: Date): Promise<number> {
  const [row] = await db
    .select({
      lockedUntil: signInFailures.lockedUntil,
      oldest: sql<string | null>`(${recentFailures(now)})[1]`,
    })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, accountKeyOf(account)));
  const until =
    row?.lockedUntil && row.lockedUntil > now
      ? row.lockedUntil.getTime()
      : row?.oldest
        ? new Date(row.oldest).getTime() + FAILURE_WINDOW_MINUTES * MINUTE_MS
        : now.getTime() + MINUTE_MS;
  return Math.max(1, Math.ceil((until - now.getTime()) / 1000));
}

/** Rows whose failures and lock are all past: they change nothing, so they go. */
export async function forgetStaleFailures(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * MINUTE_MS);
  const removed = await db
    .delete(signInFailures)
    .where(and(lte(signInFailures.updatedAt, before), notLockedAt(now)))
    .returning({ accountKey: signInFailures.accountKey });
  return removed.length;
}

/** How one password check ended: `value` is what the caller answers. */
export interface PasswordCheck<T> {
  /** 'unchecked': the check did not get as far as the password; the attempt stays counted. */
  password: 'right' | 'wrong' | 'unchecked';
  value: T;
}

export interface GuardDeps {
  db: Database;
  maxFailures: number;
  now?: () => Date;
  onLocked?: OnLocked;
}

/**
 * One password check under the per-account limit: the attempt is counted
 * first (ACCOUNT_LOCKED when the account is locked or its window full), a
 * right password clears the count, and the wrong password that reaches the
 * limit locks the account, tells its owner once, and answers ACCOUNT_LOCKED
 * itself. A check that throws leaves its attempt counted.
 */
export async function guardPasswordCheck<T>(
  deps: GuardDeps,
  account: GuardedAccount,
  check: () => Promise<PasswordCheck<T>>,
): Promise<T> {
  const limit = () => ({ maxFailures: deps.maxFailures, now: deps.now?.() ?? new Date() });
  await reserveAttempt(deps.db, account, limit());
  const outcome = await check();
  if (outcome.password === 'right') {
    await clearFailures(deps.db, account);
  } else if (outcome.password === 'wrong') {
    const locked = await lockIfExhausted(deps.db, account, limit(), deps.onLocked);
    if (locked) throw new AccountLockedError(LOCK_MINUTES * 60);
  }
  return outcome.value;
}
