import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderList } from '@shared/orders/orders.schema';
import { SalesPage } from './sales-page';

const sale = (status: Order['status'], title: string) =>
  ({
    id: title,
    product_id: 'product-1',
    product_title: title,
    company_id: 'company-1',
    company_name: 'Yerbatera Misionera SA',
    seller_id: 'seller-1',
    seller_name: 'Martín Sosa',
    quantity: 1,
    total_cents: 1_100_000,
    company_cents: 1_000_000,
    seller_cents: 75_000,
    platform_cents: 25_000,
    provider: 'transferencia',
    status,
    external_reference: `VM-${title}`,
    buyer: { name: 'Ana', email: 'ana@example.com', phone: null },
    created_at: '2026-03-05T17:05:00Z',
    updated_at: '2026-03-05T17:05:00Z',
  }) as unknown as Order;

const LIST: OrderList = {
  items: [
    sale('approved', 'Completada'),
    sale('delivered', 'Entregada'),
    sale('pending_transfer', 'Esperando'),
    sale('expired', 'Vencida'),
    sale('refunded', 'Reintegrada'),
  ],
  total: 5,
  page: 1,
  page_size: 20,
};

describe('Mis Ventas', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a commission as earned only for approved and delivered sales; expired and refunded ones struck, with their status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(LIST)),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <SalesPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await screen.findByText('Completada');
    const shown = screen.getAllByTestId('sale-commission').map((commission) => {
      const amount = commission.lastElementChild!;
      return [
        commission.dataset.state,
        commission.firstElementChild!.textContent,
        amount.className.match(/text-emerald-700|line-through/g),
      ];
    });
    expect(shown).toEqual([
      ['earned', 'Tu comisión', ['text-emerald-700']],
      ['earned', 'Tu comisión', ['text-emerald-700']],
      ['pending', 'Tu comisión, si se paga', null],
      ['none', 'No ganada · Vencido', ['line-through']],
      ['none', 'No ganada · Reintegrado', ['line-through']],
    ]);
    // Screen readers, which see no strike, hear it too.
    expect(screen.getAllByText('Comisión no ganada:', { exact: false })).toHaveLength(2);
  });
});
