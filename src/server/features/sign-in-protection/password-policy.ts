import {
  judgePassword,
  type PasswordOwner,
  type PasswordProblem,
} from '@shared/accounts/password-policy';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../lib/app-error';

const CODES: Record<PasswordProblem, string> = {
  too_short: ERROR_CODES.validation,
  too_long: ERROR_CODES.validation,
  common: ERROR_CODES.passwordCommon,
  email_name: ERROR_CODES.passwordContainsEmailName,
  too_weak: ERROR_CODES.passwordTooWeak,
};

/**
 * The server's side of the password rule (src/shared/accounts/password-policy.ts,
 * the same rule the forms' meter applies): sign-up, reset and change call it
 * with the new password and its owner. A refused password is a 400 whose
 * `fields.password` says why in Spanish; the password itself is never logged.
 */
export async function assertPasswordAllowed(password: string, owner: PasswordOwner): Promise<void> {
  const verdict = await judgePassword(password, owner);
  if (!verdict.problem || !verdict.message) return;
  throw new AppError(CODES[verdict.problem], verdict.message, 400, { password: verdict.message });
}
