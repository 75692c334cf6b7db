import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  NOT_ME_MESSAGES,
  type NotMeChange,
  type NotMeResult,
} from '@shared/accounts/not-me.schema';
import { NotMePage } from './not-me-page';

const CHANGE: NotMeChange = {
  account: 'seller',
  subject: 'Datos de cobro',
  before: 'CBU terminado en 4569',
  after: 'CBU terminado en 8812',
  changed_at: '2026-11-28T18:40:00Z',
  expires_at: '2026-12-05T18:40:00Z',
};

function renderPage(answers: Record<string, () => Response>, url = '/account/not-me?token=abc') {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    if (path === '/api/me') return Response.json({ user: null, profile: null });
    return answers[path]!();
  });
  vi.stubGlobal('fetch', fetch);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/account/not-me" element={<NotMePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('«No fui yo» page', () => {
  it('shows what changed and what confirming does, then what was done', async () => {
    const result: NotMeResult = {
      account: 'seller',
      signed_out: true,
      restored: [],
      payouts_held: true,
      password_reset_sent: true,
    };
    const fetch = renderPage({
      '/api/account/not-me/preview': () => Response.json(CHANGE),
      '/api/account/not-me': () => Response.json(result),
    });
    expect(await screen.findByText('CBU terminado en 8812')).toBeInTheDocument();
    expect(screen.getByText('Datos de cobro: cambio del 28/11/2026 15:40')).toBeInTheDocument();
    expect(
      screen.getByText('Retenemos todos tus pagos hasta que nuestro equipo revise tu cuenta.'),
    ).toBeInTheDocument();
    // The token travels in the body, never in a URL.
    expect(fetch).toHaveBeenCalledWith(
      '/api/account/not-me/preview',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ token: 'abc' }) }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'No fui yo: proteger mi cuenta' }));
    expect(await screen.findByText(NOT_ME_MESSAGES.confirmed)).toBeInTheDocument();
    expect(screen.getByText(/Tus pagos quedan retenidos/)).toBeInTheDocument();
    expect(
      screen.getByText(/Te enviamos un e-mail para elegir una contraseña nueva/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'No me llegó el e-mail' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says why a spent link does nothing, in the server’s words', async () => {
    renderPage({
      '/api/account/not-me/preview': () =>
        Response.json(
          { error: { code: 'NOT_ME_TOKEN_USED', message: NOT_ME_MESSAGES.tokenUsed } },
          { status: 409 },
        ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ME_MESSAGES.tokenUsed);
    expect(screen.queryByRole('button', { name: /No fui yo/ })).toBeNull();
  });

  it('asks for the link from the e-mail when the address has no token', () => {
    renderPage({}, '/account/not-me');
    expect(screen.getByRole('alert')).toHaveTextContent(NOT_ME_MESSAGES.tokenMissing);
  });
});
