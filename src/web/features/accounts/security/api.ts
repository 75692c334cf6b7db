import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSession, VerifyBody } from '@shared/account-security/account-security.schema';
import { apiRequest } from '@web/lib/api-client';
import { refreshSession } from '@web/lib/session';

/** Requests of the Seguridad page and the step-up dialog (shared/API.md → Account security). */
const keys = {
  sessions: () => ['account', 'sessions'] as const,
};

export function verifyIdentity(body: VerifyBody) {
  return apiRequest<void>('/api/account/verify', { method: 'POST', body, noStepUp: true });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: keys.sessions(),
    queryFn: () => apiRequest<AccountSession[]>('/api/account/sessions'),
  });
}

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.sessions() }),
  });
}

export function useCloseOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<void>('/api/account/sessions/revoke-others', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.sessions() }),
  });
}

export interface TwoFactorEnrollment {
  totpURI: string;
  backupCodes: string[];
}

/** Starts turning the factor on: the secret and the backup codes, before the first code. */
export function startTwoFactor(password: string) {
  return apiRequest<TwoFactorEnrollment>('/api/auth/two-factor/enable', {
    method: 'POST',
    body: { password },
  });
}

/** The first code from the app turns the factor on (Better Auth replaces the session). */
export async function confirmTwoFactor(code: string) {
  await apiRequest<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
  await refreshSession();
}

export async function turnOffTwoFactor(password: string) {
  await apiRequest<unknown>('/api/auth/two-factor/disable', { method: 'POST', body: { password } });
  await refreshSession();
}

/** New backup codes; the ones before stop working. */
export function renewBackupCodes(password: string) {
  return apiRequest<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
    method: 'POST',
    body: { password },
  });
}

export function changePassword(body: {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}) {
  return apiRequest<unknown>('/api/auth/change-password', { method: 'POST', body });
}
