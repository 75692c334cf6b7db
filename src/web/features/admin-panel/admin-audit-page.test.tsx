import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditList } from '@shared/admin/admin.schema';
import { AdminAuditPage } from './admin-audit-page';

const AUDIT: AuditList = {
  items: [
    {
      id: 2,
      actor_id: 'admin-1',
      actor_name: 'Laura Giménez',
      action: 'settlement.company_payment',
      target_type: 'company',
      target_id: 'b1f0c2a4-0000-4000-8000-000000000001',
      target_label: 'Yerba Mate del Litoral',
      target_detail: null,
      before: { balance_cents: 4_868_000 },
      after: {
        balance_cents: 0,
        amount_cents: 4_868_000,
        reference: 'TRF-0001',
        paid_on: '2026-03-05',
        payment_id: 12,
      },
      created_at: '2026-03-05T17:05:00Z',
    },
    {
      id: 1,
      actor_id: 'admin-1',
      actor_name: 'Laura Giménez',
      action: 'order.status',
      target_type: 'order',
      target_id: 'a8d2e6f0-0000-4000-8000-000000000002',
      target_label: 'VM-3K9TQ7ZB2M',
      target_detail: 'Termo de acero 1 litro',
      before: { status: 'approved' },
      after: { status: 'refunded' },
      created_at: '2026-03-04T12:00:00Z',
    },
  ],
  total: 2,
  page: 1,
  page_size: 20,
};

function renderPage() {
  const fetchMock = vi.fn(async (_url: string) => Response.json(AUDIT));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/admin/audit']}>
        <AdminAuditPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('Auditoría', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows labels, pesos, days and names, never field names or row ids', async () => {
    renderPage();
    await screen.findAllByText('Yerba Mate del Litoral');
    const text = document.body.textContent ?? '';
    for (const shown of [
      'Saldo adeudado:',
      '$ 48.680,00',
      '$ 0,00',
      'Monto del pago:',
      'Fecha del pago:05/03/2026',
      'VM-3K9TQ7ZB2M',
      'Termo de acero 1 litro',
      'Reintegrado',
      '05/03/2026 14:05',
    ]) {
      expect(text.replace(/\s/g, ' ')).toContain(shown);
    }
    for (const hidden of ['balance_cents', 'payment_id', '4868000', 'b1f0c2a4', 'a8d2e6f0']) {
      expect(text).not.toContain(hidden);
    }
  });

  it('searches by an order reference', async () => {
    const fetchMock = renderPage();
    await screen.findAllByText('Yerba Mate del Litoral');
    fireEvent.change(screen.getByLabelText('Buscar por pedido'), {
      target: { value: 'vm-3k9tq7zb2m' },
    });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => url).join(' ')).toContain('order=vm-3k9tq7zb2m'),
    );
  });
});
