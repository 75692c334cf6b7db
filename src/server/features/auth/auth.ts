import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { PASSWORD_MAX, PASSWORD_MIN } from '@shared/accounts/accounts.schema';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { clearFailures } from '../sign-in-protection/sign-in-guard.service';
import type { Mailer } from '../mail/mailer';
import { generateBackupCodes } from './two-factor-codes';
import { passwordResetMail, verificationMail } from '../mail/templates';
import { accounts, sessions, twoFactors, users, verifications } from './auth.table';

/** Paths Better Auth answers under; our own routes sit beside them. */
export const AUTH_BASE_PATH = '/api/auth';

/** Confirmation links live 24 h; reset links 1 h (spec 01 §2 /auth/callback, /update-password). */
const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
const RESET_TTL_SECONDS = 60 * 60;
/** A device the owner trusts skips the second factor for 30 days. */
const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;
/** The second step of a sign-in (typing the code) must happen within 10 minutes of the password. */
const TWO_FACTOR_STEP_SECONDS = 10 * 60;

/**
 * Better Auth on the app's database: e-mail and password, required
 * confirmation, password reset that ends the user's other sessions, and a
 * second factor (an authenticator app's codes, ten backup codes, trusted devices).
 * Its own sign-up endpoint is closed: accounts are created by our register
 * route, which validates the role and creates the profile with the user.
 */
export function createAuth(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** Whether a user may no longer sign in (a seller banned for fraud, composed in app.ts). */
  isSuspended?: (userId: string) => Promise<boolean>;
}) {
  const { config, db, mailer, isSuspended } = options;
  return betterAuth({
    appName: 'VendeMás',
    baseURL: config.appUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.appSecret,
    trustedOrigins: [config.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    plugins: [
      twoFactor({
        issuer: 'VendeMás',
        twoFactorTable: 'twoFactor',
        trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
        twoFactorCookieMaxAge: TWO_FACTOR_STEP_SECONDS,
        backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes(10) },
        // Ten wrong codes in a row lock the second step for 15 minutes (the plugin's own count).
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    // The profile is the source of names and roles: users change them through our routes.
    disabledPaths: ['/sign-up/email', '/update-user', '/change-email', '/delete-user'],
    // Our Fastify routes rate-limit with Spanish answers (and share Redis when configured).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === 'silent' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      resetPasswordTokenExpiresIn: RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = passwordResetUrl(config.appUrl, token);
        await mailer.send({ to: user.email, ...passwordResetMail(user.name, url) });
      },
      // A new password from the e-mail link lifts a sign-in lock (sign-in-protection):
      // the guesses were at the old one, and the owner proved they read the mailbox.
      onPasswordReset: async ({ user }) => clearFailures(db, { userId: user.id }),
    },
    emailVerification: {
      // Sent by the register route once the profile exists, and on request.
      sendOnSignUp: false,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        const url = `${config.appUrl}/auth/callback?token=${encodeURIComponent(token)}`;
        await mailer.send({ to: user.email, ...verificationMail(user.name, url) });
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A seller banned for fraud (risk center) cannot sign in again.
          before: async (session) => {
            if (isSuspended && (await isSuspended(session.userId))) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_SUSPENDED',
                message: 'account suspended',
              });
            }
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Written by our step-up route only; read with every session (account-security/step-up.ts).
      additionalFields: {
        verifiedAt: { type: 'date', required: false, input: false },
      },
    },
    advanced: {
      useSecureCookies: config.appUrl.startsWith('https://'),
      cookiePrefix: 'vendemas',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The /update-password page's link for a reset token (the reset e-mail's and the lock e-mail's). */
export function passwordResetUrl(appUrl: string, token: string): string {
  return `${appUrl}/update-password?token=${encodeURIComponent(token)}`;
}

/**
 * A new password-reset link for a user, as Better Auth's reset request makes
 * one (a verification row `reset-password:<token>` that lives as long), for
 * e-mails that offer a new password without being asked (a sign-in lock).
 */
export async function createPasswordResetLink(
  auth: Auth,
  appUrl: string,
  userId: string,
): Promise<string> {
  const context = await auth.$context;
  const token = randomBytes(18).toString('base64url');
  await context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + RESET_TTL_SECONDS * 1000),
  });
  return passwordResetUrl(appUrl, token);
}
