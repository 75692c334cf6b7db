import { SECURITY_MESSAGES } from '@shared/account-security/messages';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { API_MESSAGES } from '@shared/messages';

/** Better Auth's error codes in the words our users read. */
const SPANISH: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: ACCOUNT_MESSAGES.signInErrorDescription,
  // Sign-in answers INVALID_EMAIL_OR_PASSWORD; this one is a signed-in account's own password.
  INVALID_PASSWORD: SECURITY_MESSAGES.wrongPassword,
  USER_NOT_FOUND: ACCOUNT_MESSAGES.signInErrorDescription,
  CREDENTIAL_ACCOUNT_NOT_FOUND: ACCOUNT_MESSAGES.signInErrorDescription,
  EMAIL_NOT_VERIFIED: ACCOUNT_MESSAGES.emailNotVerifiedDescription,
  ACCOUNT_SUSPENDED: ACCOUNT_MESSAGES.accountSuspended,
  INVALID_TOKEN: ACCOUNT_MESSAGES.invalidToken,
  TOKEN_EXPIRED: ACCOUNT_MESSAGES.expiredToken,
  PASSWORD_TOO_SHORT: ACCOUNT_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: ACCOUNT_MESSAGES.passwordTooLong,
  INVALID_EMAIL: ACCOUNT_MESSAGES.emailInvalid,
  EMAIL_ALREADY_VERIFIED: 'Tu cuenta ya está confirmada. Ya puedes iniciar sesión.',
  SESSION_EXPIRED: 'Tu sesión expiró. Inicia sesión de nuevo.',
  INVALID_ORIGIN: 'Origen de la solicitud no permitido.',
  MISSING_OR_NULL_ORIGIN: 'Origen de la solicitud no permitido.',
  VALIDATION_ERROR: API_MESSAGES.validation,
  // The second factor (Better Auth's twoFactor plugin).
  INVALID_CODE: SECURITY_MESSAGES.wrongCode,
  INVALID_BACKUP_CODE: SECURITY_MESSAGES.wrongBackupCode,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: SECURITY_MESSAGES.challengeSpent,
  ACCOUNT_TEMPORARILY_LOCKED: SECURITY_MESSAGES.tooManyCodes,
  INVALID_TWO_FACTOR_COOKIE: SECURITY_MESSAGES.codeExpiredStep,
  TOTP_ALREADY_ENABLED: SECURITY_MESSAGES.twoFactorAlreadyOn,
  TOTP_NOT_ENABLED: SECURITY_MESSAGES.twoFactorNotOn,
  TWO_FACTOR_NOT_ENABLED: SECURITY_MESSAGES.twoFactorNotOn,
  BACKUP_CODES_NOT_ENABLED: SECURITY_MESSAGES.twoFactorNotOn,
};

export function spanishAuthMessage(code: string | undefined, status: number): string {
  if (code && SPANISH[code]) return SPANISH[code];
  if (status === 401) return ACCOUNT_MESSAGES.unauthorized;
  if (status === 403) return ACCOUNT_MESSAGES.forbidden;
  if (status === 404) return API_MESSAGES.routeNotFound;
  if (status >= 500) return API_MESSAGES.internal;
  return API_MESSAGES.validation;
}
