import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { refreshSession } from '@web/lib/session';
import type { ConfirmedSignInState } from './confirmed-sign-in';
import { LoginPage } from './login-page';

/** /api/me answers this user (or 401 for nobody). */
async function signedInAs(user: object | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      user
        ? Response.json({ user, profile: { role: 'seller' } })
        : Response.json({ error: { code: 'UNAUTHORIZED', message: 'x' } }, { status: 401 }),
    ),
  );
  await refreshSession();
}

function renderLogin(state?: ConfirmedSignInState) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/dashboard" element={<p>panel</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('sign-in page', () => {
  it('sends a visitor who is already signed in to the panel', async () => {
    await signedInAs({ id: 'u1', email: 'ana@example.com', name: 'Ana' });
    renderLogin();
    expect(await screen.findByText('panel')).toBeInTheDocument();
    expect(screen.queryByLabelText('Contraseña')).toBeNull();
  });

  it('shows the form to a visitor who is not signed in', async () => {
    await signedInAs(null);
    renderLogin();
    expect(await screen.findByLabelText('Correo electrónico')).toHaveValue('');
    expect(screen.queryByText(ACCOUNT_MESSAGES.confirmedSignIn)).toBeNull();
  });

  it('coming from the confirmation page, says the account is confirmed and fills the e-mail', async () => {
    await signedInAs(null);
    renderLogin({ confirmed: true, email: 'ana@example.com' });
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.confirmedSignIn);
    expect(screen.getByLabelText('Correo electrónico')).toHaveValue('ana@example.com');
    expect(screen.getByLabelText('Contraseña')).toHaveFocus();
  });
});
