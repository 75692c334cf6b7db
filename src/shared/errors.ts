import { z } from './zod';

/** The body of every API error: `{ "error": { "code", "message", "fields"? } }`. */
export const ApiErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  notFound: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  forbiddenOrigin: 'FORBIDDEN_ORIGIN',
  conflict: 'CONFLICT',
  /** A day, month or period outside the calendar a request may name (API.md "Account security"). */
  invalidPeriod: 'INVALID_PERIOD',
  rateLimited: 'RATE_LIMITED',
  /** A password published in the repository (the demo accounts'), refused in production. */
  publicPassword: 'PUBLIC_PASSWORD',
  /** Too many wrong passwords for one account: its sign-in is locked for a while. */
  accountLocked: 'ACCOUNT_LOCKED',
  /** A new password refused by the password policy (src/shared/accounts/password-policy.ts). */
  passwordCommon: 'PASSWORD_COMMON',
  passwordContainsEmailName: 'PASSWORD_CONTAINS_EMAIL_NAME',
  passwordTooWeak: 'PASSWORD_TOO_WEAK',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  unavailable: 'SERVICE_UNAVAILABLE',
  /** The route moves money (or guards it): the password or a code must be typed again first. */
  reauthRequired: 'REAUTH_REQUIRED',
  /** The account's role must turn a second factor on before using its panel. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  invalidPassword: 'INVALID_PASSWORD',
  invalidCode: 'INVALID_CODE',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
