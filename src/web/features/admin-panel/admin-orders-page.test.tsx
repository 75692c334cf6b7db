import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shared/orders/orders.schema';
import { AdminOrdersPage } from './admin-orders-page';

const ORDER: Order = {
  id: 'order-1',
  channel: 'link',
  collected_at_source: false,
  currency: 'ars',
  product_id: 'product-1',
  product_title: 'Termo de acero 1 litro',
  company_id: 'company-1',
  company_name: 'Yerba Mate del Litoral',
  seller_id: 'seller-1',
  seller_name: 'Martín Sosa',
  quantity: 1,
  total_cents: 4_452_000,
  company_cents: 4_200_000,
  seller_cents: 189_000,
  platform_cents: 63_000,
  provider: 'transferencia',
  status: 'approved',
  external_reference: 'VM-3K9TQ7ZB2M',
  buyer: { name: 'Lucía Fernández', email: 'lucia@example.com', phone: null },
  points_awarded: 11,
  created_at: '2026-03-05T17:05:00Z',
  updated_at: '2026-03-05T17:05:00Z',
};

function renderPage() {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'PATCH') return Response.json({ ...ORDER, status: 'refunded' });
    if (url.includes('/store/orders/transfers')) return Response.json({ items: [] });
    return Response.json({ items: [ORDER], total: 1, page: 1, page_size: 20 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/admin/orders']}>
        <AdminOrdersPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
  return { patches };
}

describe('admin Pedidos, status select', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks before 'Reintegrado': cancel leaves the order as it was, confirm changes it", async () => {
    const { patches } = renderPage();
    const [select] = await screen.findAllByRole('combobox', { name: 'Estado de VM-3K9TQ7ZB2M' });
    fireEvent.change(select!, { target: { value: 'refunded' } });
    const dialog = await screen.findByRole('alertdialog', {
      name: '¿Marcar el pedido VM-3K9TQ7ZB2M como Reintegrado?',
    });
    expect(dialog).toHaveTextContent('el vendedor pierde la comisión y los puntos');
    expect(patches()).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(patches()).toHaveLength(0);
    for (const each of screen.getAllByRole('combobox', { name: 'Estado de VM-3K9TQ7ZB2M' })) {
      expect(each).toHaveValue('approved');
    }

    fireEvent.change(select!, { target: { value: 'refunded' } });
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Marcar como Reintegrado',
      }),
    );
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(String(patches()[0]![1]!.body))).toEqual({ status: 'refunded' });
  });

  it('applies any other status at once', async () => {
    const { patches } = renderPage();
    const [select] = await screen.findAllByRole('combobox', { name: 'Estado de VM-3K9TQ7ZB2M' });
    fireEvent.change(select!, { target: { value: 'delivered' } });
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
