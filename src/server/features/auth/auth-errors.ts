import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { API_MESSAGES } from '@shared/messages';

/** Better Auth's error codes in the words our users read. */
const SPANISH: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: ACCOUNT_MESSAGES.signInErrorDescription,
  INVALID_PASSWORD: ACCOUNT_MESSAGES.signInErrorDescription,
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
};

export function spanishAuthMessage(code: string | undefined, status: number): string {
  if (code && SPANISH[code]) return SPANISH[code];
  if (status === 401) return ACCOUNT_MESSAGES.unauthorized;
  if (status === 403) return ACCOUNT_MESSAGES.forbidden;
  if (status === 404) return API_MESSAGES.routeNotFound;
  if (status >= 500) return API_MESSAGES.internal;
  return API_MESSAGES.validation;
}
