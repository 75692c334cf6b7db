import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeResponse } from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { testProfile, testUser } from '../../../tests/factories/web-session';

/** Each test gets a fresh session store answering /api/me with `me`. */
async function renderGuard(me: MeResponse, at = '/company') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(me), { status: 200 })),
  );
  vi.resetModules();
  const { RoleGuard } = await import('./role-guard');
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/login" element={<p>pantalla de login</p>} />
        <Route path="/seller" element={<p>inicio de vendedor</p>} />
        <Route
          path="/company"
          element={
            <RoleGuard role="company">
              <p>panel de empresa</p>
            </RoleGuard>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RoleGuard (spec 01 §4)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('shows a spinner while the session loads, then the panel for the right role', async () => {
    await renderGuard({ user: testUser, profile: testProfile('company') });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('panel de empresa')).toBeInTheDocument();
  });

  it('sends a visitor without a session to /login', async () => {
    await renderGuard({ user: null, profile: null });
    expect(await screen.findByText('pantalla de login')).toBeInTheDocument();
  });

  it("says 'Cargando perfil...' when the user has no profile", async () => {
    await renderGuard({ user: testUser, profile: null });
    expect(await screen.findByText(ACCOUNT_MESSAGES.loadingProfile)).toBeInTheDocument();
  });

  it('sends a wrong role to its own home', async () => {
    await renderGuard({ user: testUser, profile: testProfile('seller') });
    expect(await screen.findByText('inicio de vendedor')).toBeInTheDocument();
  });
});
