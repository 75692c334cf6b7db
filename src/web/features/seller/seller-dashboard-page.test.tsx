import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SellerDashboard } from './api/get-seller-dashboard';
import { SellerDashboardPage } from './seller-dashboard-page';

const row = (status: string, previous: string | null, title: string) => ({
  order_id: title,
  status,
  previous_status: previous,
  product_title: title,
  total_cents: 1_100_000,
  seller_cents: 75_000,
  at: '2026-03-05T17:05:00Z',
});

const DASHBOARD = {
  greetingName: 'Martín',
  province: 'Córdoba',
  total_sales_cents: 1_100_000,
  commissions_cents: 75_000,
  sales_count: 1,
  points: 10,
  rank: 1,
  goal: null,
  recent_activity: [
    row('approved', 'pending_transfer', 'Aprobado'),
    row('pending_transfer', null, 'Esperando transferencia'),
    row('refunded', 'approved', 'Reintegrado después de aprobado'),
    row('expired', 'pending_payment', 'Vencido sin pagar'),
  ],
} as unknown as SellerDashboard;

describe('seller dashboard, Actividad reciente', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs and colours each commission as the figures count it: + only when it counts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(DASHBOARD)),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SellerDashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Aprobado');
    const amounts = screen.getAllByTestId('activity-commission');
    const shown = amounts.map((amount) => [
      amount.textContent?.replace(/\s/g, ' '),
      amount.className.match(/text-(emerald-700|muted-foreground|destructive)|line-through/g),
    ]);
    expect(shown).toEqual([
      ['Comisión ganada: +$ 750,00', ['text-emerald-700']],
      ['Comisión pendiente de pago: $ 750,00', ['text-muted-foreground']],
      ['Comisión descontada: −$ 750,00', ['text-destructive']],
      ['Sin comisión: $ 750,00', ['text-muted-foreground', 'line-through']],
    ]);
    // Each row also says its status.
    expect(screen.getByText('Pendiente de Transf.')).toBeInTheDocument();
    expect(screen.getByText('Reintegrado')).toBeInTheDocument();
    expect(screen.getByText('Vencido')).toBeInTheDocument();
  });
});
