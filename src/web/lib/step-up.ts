import type { StepUpStatus } from '@shared/account-security/account-security.schema';
import { apiRequest, askForStepUp } from './api-client';

/**
 * Before a navigation that moves money (connecting a payment account, which
 * leaves the app), asks for the password when the session's last verification
 * lapses within a minute. Requests need none of this: the API client answers
 * 403 REAUTH_REQUIRED with the panel's dialog and sends them again.
 */
export async function ensureRecentVerification(): Promise<boolean> {
  const { verified_until } = await apiRequest<StepUpStatus>('/api/account/verify');
  if (Date.parse(verified_until) - Date.now() > 60_000) return true;
  return askForStepUp();
}
