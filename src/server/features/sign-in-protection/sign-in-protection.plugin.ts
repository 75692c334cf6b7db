import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { preloadPasswordEstimator } from '@shared/accounts/password-policy';
import {
  AccountLockedError,
  assertNotLocked,
  clearFailures,
  forgetStaleFailures,
  guardPasswordCheck,
  unknownEmailAccount,
  type GuardedAccount,
  type OnLocked,
  type PasswordCheck,
} from './sign-in-guard.service';

/**
 * The per-account sign-in limit, as the routes use it (sign-in, change of
 * password, and the step-up check of a password): every instance counts in
 * the same table.
 */
export interface SignInGuard {
  /**
   * Runs one password check under the limit (see `guardPasswordCheck`):
   * throws ACCOUNT_LOCKED (429, an AccountLockedError with `retryAfterSeconds`)
   * when the account is locked or its window is full, or when this wrong
   * password is the one that locks it.
   */
  checkPassword<T>(account: GuardedAccount, check: () => Promise<PasswordCheck<T>>): Promise<T>;
  /** Throws ACCOUNT_LOCKED while the account is locked, counting nothing. */
  assertNotLocked(account: GuardedAccount): Promise<void>;
  /** Forgets the account's failures and lifts its lock (a new password was set). */
  clearFailures(account: GuardedAccount): Promise<void>;
  /** The shared counter of an e-mail that has no account (lower-cased). */
  unknownEmail(email: string): GuardedAccount;
}

declare module 'fastify' {
  interface FastifyInstance {
    signInGuard: SignInGuard;
  }
}

/** How often rows whose failures and lock are past are deleted (by every instance; it is idempotent). */
export const STALE_SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * features/sign-in-protection: the sign-in limit per account and the password
 * policy's dictionaries, loaded at start so the first sign-up does not wait.
 * `onLocked` tells an account's owner that it locked, in the lock's
 * transaction (composed in app.ts: the notifications' e-mail and bell entry).
 */
export const signInProtectionPlugin = fp(
  async (app: FastifyInstance, options: { onLocked?: OnLocked; now?: () => Date }) => {
    const now = options.now ?? (() => new Date());
    const limit = () => ({ maxFailures: app.config.signIn.maxFailures, now: now() });

    app.decorate('signInGuard', {
      async checkPassword(account, check) {
        let lockedNow = false;
        try {
          return await guardPasswordCheck(
            {
              db: app.db,
              maxFailures: app.config.signIn.maxFailures,
              now,
              onLocked: async (tx, lock) => {
                lockedNow = true;
                await options.onLocked?.(tx, lock);
              },
            },
            account,
            check,
          );
        } catch (error) {
          // The owner's e-mail was queued with the lock: send it now rather than at the next poll.
          if (error instanceof AccountLockedError && lockedNow) app.outbox.nudge();
          throw error;
        }
      },
      assertNotLocked: (account) => assertNotLocked(app.db, account, limit()),
      clearFailures: (account) => clearFailures(app.db, account),
      unknownEmail: (email) => unknownEmailAccount(email.toLowerCase(), app.config.appSecret),
    } satisfies SignInGuard);

    preloadPasswordEstimator().catch((error: unknown) =>
      app.log.error({ err: error }, 'no se pudieron cargar los diccionarios de contraseñas'),
    );

    const timer = setInterval(() => {
      forgetStaleFailures(app.db, now()).catch((error: unknown) =>
        app.log.warn({ err: error }, 'sign-in failure cleanup failed'),
      );
    }, STALE_SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
);
