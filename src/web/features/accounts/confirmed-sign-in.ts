/**
 * What /auth/callback hands to /login after confirming an account (spec 01 §2:
 * it redirects to /login): in the navigation state, never in the address.
 */
export interface ConfirmedSignInState {
  confirmed: true;
  /** The confirmed address, to fill the e-mail field; null when unknown. */
  email: string | null;
}

export function readConfirmedSignIn(state: unknown): ConfirmedSignInState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { confirmed, email } = state as Record<string, unknown>;
  if (confirmed !== true) return null;
  return { confirmed, email: typeof email === 'string' && email.includes('@') ? email : null };
}

/**
 * The address a confirmation link was made for. The link's token is a signed
 * JWT whose payload carries it; reading it here only fills a form field (the
 * server checked the signature when it confirmed), and any other shape gives null.
 */
export function emailInConfirmationToken(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
        c.charCodeAt(0),
      ),
    );
    const email = (JSON.parse(json) as { email?: unknown }).email;
    return typeof email === 'string' && email.includes('@') ? email : null;
  } catch {
    return null;
  }
}
