import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPayouts } from '@shared/settlements/settlements.schema';
import { AdminPayoutsPage } from './admin-payouts-page';

const PAYOUTS: AdminPayouts = {
  minimum_cents: 100_000,
  hold_days: 1,
  ready_cents: 250_000,
  ready_sellers: 1,
  waiting_sellers: 0,
  blocked_sellers: 1,
  sellers: [
    {
      seller_id: 's1',
      name: 'Martín Sosa',
      email: 'martin@example.com',
      province: 'Córdoba',
      available_cents: 250_000,
      destination: { method: 'bank', label: 'CBU 2850590940090418135201' },
      blocked_reason: null,
      held_until: null,
      state: 'ready',
    },
    {
      seller_id: 's2',
      name: 'Ana Ruiz',
      email: 'ana@example.com',
      province: null,
      available_cents: 150_000,
      destination: null,
      blocked_reason: 'No cargó sus datos de cobro (CBU o e-mail de MercadoPago).',
      held_until: null,
      state: 'blocked',
    },
  ],
  batches: [
    {
      id: 7,
      status: 'created',
      total_cents: 480_000,
      payouts: 1,
      created_at: '2026-03-05T17:05:00Z',
      paid_at: null,
      reference: null,
    },
  ],
};

function renderPage(payouts: AdminPayouts = PAYOUTS) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(payouts)),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AdminPayoutsPage />
    </QueryClientProvider>,
  );
}

describe('Pagos a vendedores', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts sellers, blocked sellers and days with the noun that agrees: 1 vendedor, never 1 vendedores', async () => {
    renderPage();
    expect(await screen.findByText(/1 vendedor · 1 bloqueado$/)).toBeInTheDocument();
    expect(screen.getByText(/hace más de 1 día,/)).toBeInTheDocument();
    const batch = screen.getByRole('list', { name: 'Lotes de pago' });
    expect(
      within(batch).getByText(/^1 vendedor · creado el 05\/03\/2026 14:05/),
    ).toBeInTheDocument();
    fireEvent.click(within(batch).getByRole('button', { name: 'Marcar pagado' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('a 1 vendedor. Cada vendedor recibe un aviso con su pago.');
    expect(dialog).not.toHaveTextContent('vendedores');
  });

  it('shows a seller waiting after a change of payout details apart from the blocked ones, with the dates', async () => {
    const reason =
      'Datos de cobro cambiados el 28/11/2026 15:40; se podrá pagar desde el 01/12/2026 15:40';
    renderPage({
      ...PAYOUTS,
      ready_cents: 0,
      ready_sellers: 0,
      waiting_sellers: 1,
      blocked_sellers: 0,
      sellers: [
        {
          ...PAYOUTS.sellers[0]!,
          blocked_reason: reason,
          held_until: '2026-12-01T18:40:00Z',
          state: 'waiting',
          destination: { method: 'bank', label: 'CBU 2850590940090418135201' },
        },
      ],
    });
    const row = (await screen.findByRole('list', { name: 'Vendedores para pagar' })).querySelector(
      'li',
    )!;
    expect(within(row).getByText(`En espera: ${reason}`)).toBeInTheDocument();
    expect(within(row).getByText('CBU 2850590940090418135201')).toBeInTheDocument();
    expect(row).not.toHaveTextContent('Bloqueado');
    expect(screen.getByText(/^0 vendedores · 1 en espera$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear lote de pago' })).toBeDisabled();
  });

  it('shows the figures the server answers and adds nothing itself', async () => {
    // The list holds one seller; the server says what is ready over every seller it counted.
    renderPage({ ...PAYOUTS, ready_cents: 987_654, ready_sellers: 3, blocked_sellers: 2 });
    expect(await screen.findByText('$ 9.876,54')).toBeInTheDocument();
    expect(screen.getByText(/^3 vendedores · 2 bloqueados$/)).toBeInTheDocument();
  });
});
