import type { RegisterFields } from '@shared/accounts/accounts.schema';
import { apiRequest } from '@web/lib/api-client';

/** Calls to Better Auth under /api/auth and to our sign-up route (errors arrive as ApiError). */
export function signInWithEmail(body: { email: string; password: string }) {
  return apiRequest<unknown>('/api/auth/sign-in/email', { method: 'POST', body });
}

export function resendVerification(email: string) {
  return apiRequest<unknown>('/api/auth/send-verification-email', {
    method: 'POST',
    body: { email },
  });
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: `${window.location.origin}/update-password` },
  });
}

export function resetPassword(body: { newPassword: string; token: string }) {
  return apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body });
}

export function verifyEmail(token: string) {
  return apiRequest<unknown>(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

/** spec 01 §7 sign-up: the fields as multipart, with the seller's document when chosen. */
export function registerAccount(fields: RegisterFields, document: File | null) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) form.append(key, item);
    else form.append(key, String(value));
  }
  if (document) form.append('document', document, document.name);
  return apiRequest<{ ok: true }>('/api/register', { method: 'POST', body: form });
}
