import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { AuthCallbackPage } from './auth-callback-page';
import { emailInConfirmationToken } from './confirmed-sign-in';

/** A token shaped like the confirmation link's: header.payload.signature, base64url. */
function tokenFor(payload: object) {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.c2lnbmF0dXJl`;
}

function LoginProbe() {
  const location = useLocation();
  return (
    <output data-testid="login">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('account confirmation page', () => {
  it('reads the address from the link’s token, and nothing from anything else', () => {
    expect(emailInConfirmationToken(tokenFor({ email: 'josé@example.com', exp: 1 }))).toBe(
      'josé@example.com',
    );
    expect(emailInConfirmationToken('no-es-un-token')).toBeNull();
    expect(emailInConfirmationToken(tokenFor({ sub: 'x' }))).toBeNull();
    expect(emailInConfirmationToken('a.%%%.c')).toBeNull();
  });

  it('redirects to /login saying the account is confirmed, with the e-mail in the navigation state only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ status: true, user: null })),
    );
    const token = tokenFor({ email: 'ana@example.com' });
    render(
      <MemoryRouter initialEntries={[`/auth/callback?token=${token}`]}>
        <Routes>
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText(ACCOUNT_MESSAGES.confirmed)).toBeInTheDocument();
    const login = await screen.findByTestId('login', {}, { timeout: 3000 });
    expect(login).toHaveTextContent('/login {"confirmed":true,"email":"ana@example.com"}');
  });
});
