import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  RISK_KIND_HINTS,
  RISK_MESSAGES,
  type ResolvedRiskFlag,
  type RiskFlag,
  type RiskFlagList,
} from '@shared/risk/risk.schema';
import { useToasts } from '@web/components/ui/toast-store';
import { RiskPage } from './risk-page';

const FLAG: RiskFlag = {
  id: 7,
  seller: { id: 'seller-1', name: 'Martín Sosa', email: 'martin@example.com' },
  kind: 'self_purchase',
  status: 'open',
  count: 2,
  first_at: '2026-03-04T12:00:00Z',
  last_at: '2026-03-05T17:05:00Z',
  events: [
    {
      at: '2026-03-05T17:05:00Z',
      order_id: 'a8d2e6f0-0000-4000-8000-000000000002',
      order_reference: 'VM-3K9TQ7ZB2M',
      detail: 'El comprador usó el e-mail del vendedor (ma***@example.com).',
    },
    {
      at: '2026-03-04T12:00:00Z',
      order_id: 'a8d2e6f0-0000-4000-8000-000000000001',
      order_reference: 'VM-7PQ2M4X9HC',
      detail: 'El comprador pagó desde el mismo navegador y la misma conexión.',
    },
  ],
  resolution: null,
};

const LIST: RiskFlagList = { items: [FLAG], total: 1, page: 1, page_size: 20 };

/** The decision's answer: the flag dismissed and, after it, the seller's payouts as the next batch sees them. */
function dismissed(payouts: ResolvedRiskFlag['seller_payouts']): ResolvedRiskFlag {
  return {
    ...FLAG,
    status: 'dismissed',
    resolution: {
      decision: 'dismiss',
      note: 'Es su hermana; lo confirmamos por teléfono.',
      by_name: 'Ana Admin',
      at: '2026-03-06T12:00:00Z',
      reversed_cents: 0,
    },
    seller_payouts: payouts,
  };
}

function Toasts() {
  const toasts = useToasts();
  return <p data-testid="toast">{toasts.map((toast) => toast.title).join('|')}</p>;
}

/** The page over a fake API: the list, and the decision's answer. */
function renderPage(
  resolveAnswer: () => Response = () =>
    Response.json(dismissed({ held: false, open_flags: 0, reasons: [] })),
  list: RiskFlagList = LIST,
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    init?.method === 'POST' ? resolveAnswer() : Response.json(list),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/admin/risk']}>
        <RiskPage />
        <Toasts />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const lists = () => fetchMock.mock.calls.filter(([, init]) => init?.method !== 'POST').length;
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { fetchMock, lists, posts };
}

async function openDismissDialog() {
  const [dismiss] = await screen.findAllByRole('button', {
    name: 'Descartar: Compra propia de Martín Sosa',
  });
  fireEvent.click(dismiss!);
  return screen.findByRole('alertdialog');
}

describe('Riesgo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists a flag with its seller, kind, hint and events, linking each order to Pedidos', async () => {
    const { fetchMock } = renderPage();
    await screen.findAllByText('Martín Sosa');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/risk?status=open&page=1');
    const text = document.body.textContent ?? '';
    for (const shown of [
      'Compra propia',
      RISK_KIND_HINTS.self_purchase,
      '2 eventos',
      'El comprador usó el e-mail del vendedor (ma***@example.com).',
      'El comprador pagó desde el mismo navegador y la misma conexión.',
      '05/03/2026 14:05',
      '04/03/2026 09:00',
    ]) {
      expect(text).toContain(shown);
    }
    const [order] = screen.getAllByRole('link', { name: 'Pedido VM-3K9TQ7ZB2M' });
    expect(order).toHaveAttribute('href', '/admin/orders?q=VM-3K9TQ7ZB2M');
  });

  it('asks for a note before deciding', async () => {
    const { posts } = renderPage();
    const dialog = await openDismissDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar alerta' }));
    expect(await within(dialog).findByText(RISK_MESSAGES.noteRequired)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('dismisses with the note, says so and asks for the list again', async () => {
    const { posts, lists } = renderPage();
    const dialog = await openDismissDialog();
    const before = lists();
    fireEvent.change(within(dialog).getByLabelText('Nota'), {
      target: { value: 'Es su hermana; lo confirmamos por teléfono.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar alerta' }));

    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/admin/risk/7/resolve');
    expect(JSON.parse(String(init!.body))).toEqual({
      decision: 'dismiss',
      note: 'Es su hermana; lo confirmamos por teléfono.',
    });
    await vi.waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(RISK_MESSAGES.dismissed),
    );
    await vi.waitFor(() => expect(lists()).toBeGreaterThan(before));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('does not promise the payouts resume when another flag still holds them', async () => {
    renderPage(() =>
      Response.json(dismissed({ held: true, open_flags: 1, reasons: ['En revisión'] })),
    );
    const dialog = await openDismissDialog();
    fireEvent.change(within(dialog).getByLabelText('Nota'), {
      target: { value: 'Compró para su familia.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar alerta' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        'Alerta descartada, pero los pagos del vendedor siguen retenidos: tiene otra alerta abierta.',
      ),
    );
    expect(screen.getByTestId('toast')).not.toHaveTextContent(RISK_MESSAGES.dismissed);
  });

  it('shows the server’s message when someone else decided first, and refreshes', async () => {
    const { lists } = renderPage(() =>
      Response.json(
        { error: { code: 'RISK_FLAG_RESOLVED', message: RISK_MESSAGES.alreadyResolved } },
        { status: 409 },
      ),
    );
    const dialog = await openDismissDialog();
    const before = lists();
    fireEvent.change(within(dialog).getByLabelText('Nota'), { target: { value: 'Sin pruebas.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar alerta' }));

    await vi.waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(RISK_MESSAGES.alreadyResolved),
    );
    await vi.waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('explains what confirming the fraud does, with a destructive button', async () => {
    renderPage();
    const [confirm] = await screen.findAllByRole('button', {
      name: 'Confirmar fraude: Compra propia de Martín Sosa',
    });
    fireEvent.click(confirm!);
    const dialog = await screen.findByRole('alertdialog');
    const text = dialog.textContent ?? '';
    expect(text).toContain('los 2 pedidos señalados');
    expect(text).toContain('Su cuenta queda suspendida');
    expect(text).toContain('e-mail');
    expect(within(dialog).getByRole('button', { name: 'Confirmar fraude' }).className).toContain(
      'bg-destructive',
    );
  });

  it('offers only to release the payouts of a seller who answered «No fui yo»', async () => {
    const reported: RiskFlag = {
      ...FLAG,
      kind: 'payout_details_changed',
      count: 1,
      events: [
        {
          at: '2026-03-05T17:05:00Z',
          detail:
            '«No fui yo»: el vendedor no reconoce el cambio de datos de cobro del 05/03/2026 14:00 (de CBU terminado en 4569 a CBU terminado en 8812).',
        },
      ],
    };
    renderPage(() => Response.json(reported), { ...LIST, items: [reported] });
    const [release] = await screen.findAllByRole('button', {
      name: 'Liberar pagos: Cambio de datos de cobro no reconocido de Martín Sosa',
    });
    expect(screen.queryByRole('button', { name: /Confirmar fraude/ })).toBeNull();
    expect(screen.getAllByText(RISK_KIND_HINTS.payout_details_changed)[0]).toBeInTheDocument();
    fireEvent.click(release!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Liberar los pagos de Martín Sosa?');
    expect(within(dialog).getByRole('button', { name: 'Liberar pagos' })).toBeInTheDocument();
  });
});
