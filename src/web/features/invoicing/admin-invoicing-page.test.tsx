import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  INVOICING_MESSAGES,
  type Invoice,
  type InvoicingStatus,
} from '@shared/invoicing/invoicing.schema';
import { previousMonth } from '@shared/time';
import { AdminInvoicingPage } from './admin-invoicing-page';
import { testInvoice } from './invoice-fixtures';

const CONFIGURED: InvoicingStatus = {
  configured: true,
  production: false,
  point_of_sale: 3,
  waiting: [
    {
      company_id: 'company-2',
      company_name: 'Yerba del Litoral',
      month: '2026-10',
      platform_cents: 50_000,
      reason: INVOICING_MESSAGES.missingTaxData,
    },
  ],
};

const REJECTED = testInvoice({
  id: 'inv-9',
  status: 'rejected',
  cae: null,
  cae_due: null,
  issued_at: null,
  observations: [{ code: 10015, message: 'El CUIT del receptor no es válido.' }],
});

interface Api {
  status?: InvoicingStatus;
  invoices?: Invoice[];
}

function renderPage({ status = CONFIGURED, invoices = [testInvoice(), REJECTED] }: Api = {}) {
  let listed = invoices;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/admin/invoices/status') return Response.json(status);
    if (url.startsWith('/api/admin/users')) {
      return Response.json({
        items: [{ id: 'company-1', name: 'Ana', company: 'Ríos Hermanos SRL' }],
        total: 1,
        page_size: 100,
      });
    }
    if (url === '/api/admin/invoices/run' && init?.method === 'POST') {
      return Response.json(
        {
          month: '2026-10',
          configured: true,
          created: [testInvoice()],
          authorized: 1,
          rejected: 2,
          pending: 0,
          waiting: [],
        },
        { status: 202 },
      );
    }
    if (url === '/api/admin/invoices/inv-9/retry' && init?.method === 'POST') {
      const after = { ...REJECTED, status: 'authorized' as const, cae: '7612', observations: [] };
      listed = listed.map((invoice) => (invoice.id === after.id ? after : invoice));
      return Response.json(after, { status: 202 });
    }
    if (url.startsWith('/api/admin/invoices')) return Response.json({ invoices: listed });
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AdminInvoicingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const listUrls = (fetchMock: ReturnType<typeof renderPage>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith('/api/admin/invoices') && !url.includes('/status'));

afterEach(() => vi.unstubAllGlobals());

describe('Facturación', () => {
  it('says when invoicing is not configured, and offers no run', async () => {
    renderPage({
      status: { configured: false, production: false, point_of_sale: null, waiting: [] },
    });
    expect(await screen.findByText(INVOICING_MESSAGES.notConfigured)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Facturar mes' })).toBeDisabled();
  });

  it('shows the environment, the point of sale and the companies waiting with the reason', async () => {
    renderPage();
    const card = await screen.findByTestId('invoicing-status');
    expect(card).toHaveTextContent('Entorno: Homologación · Punto de venta 00003');
    const waiting = within(card).getByRole('list', { name: 'Empresas en espera' });
    expect(waiting).toHaveTextContent('Yerba del Litoral · Octubre de 2026');
    expect(waiting).toHaveTextContent('$ 500,00');
    expect(waiting).toHaveTextContent(INVOICING_MESSAGES.missingTaxData);
    expect(screen.getByRole('button', { name: 'Facturar mes' })).toBeEnabled();
  });

  it('puts the month, status and company filters into the request', async () => {
    const fetchMock = renderPage();
    await screen.findAllByText('Ríos Hermanos SRL');
    fireEvent.change(screen.getByLabelText('Mes', { selector: '#invoice-filter-month' }), {
      target: { value: '2026-10' },
    });
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'rejected' } });
    await screen.findByRole('option', { name: 'Ríos Hermanos SRL' });
    fireEvent.change(screen.getByLabelText('Empresa'), { target: { value: 'company-1' } });
    await waitFor(() =>
      expect(listUrls(fetchMock)).toContain(
        '/api/admin/invoices?month=2026-10&status=rejected&company_id=company-1',
      ),
    );
    expect(listUrls(fetchMock)[0]).toBe('/api/admin/invoices');
  });

  it("lists documents with ARCA's observations, a PDF for the authorized and a retry for the rest", async () => {
    renderPage();
    expect(
      (await screen.findAllByText('Observación 10015: El CUIT del receptor no es válido.')).length,
    ).toBeGreaterThan(0);
    expect(
      screen.getAllByRole('link', { name: 'Descargar PDF de Factura A 00003-00000012' })[0],
    ).toHaveAttribute('href', '/api/admin/invoices/inv-1/pdf');
    expect(
      screen.getAllByRole('button', {
        name: 'Reintentar Factura A 00003-00000012 de Ríos Hermanos SRL',
      }),
    ).not.toHaveLength(0);
  });

  it('runs the month chosen after asking, and shows what the run made', async () => {
    const fetchMock = renderPage();
    const month = await screen.findByLabelText('Mes a facturar');
    expect(month).toHaveValue(previousMonth(new Date()));
    fireEvent.change(month, { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Facturar mes' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('¿Facturar octubre de 2026?');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/admin/invoices/run')).toBe(
      false,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Facturar' }));
    await waitFor(() => {
      const run = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/invoices/run');
      expect(run).toBeDefined();
      expect(JSON.parse(String(run![1]!.body))).toEqual({ month: '2026-10' });
    });
    const summary = await screen.findByText('Resultado de octubre de 2026');
    const box = summary.parentElement!;
    expect(box).toHaveTextContent('1 comprobante creado');
    expect(box).toHaveTextContent('1 autorizado');
    expect(box).toHaveTextContent('2 rechazados');
    expect(box).toHaveTextContent('0 pendientes');
  });

  it('retries a rejected document and shows it again as the server now lists it', async () => {
    const fetchMock = renderPage();
    const [retry] = await screen.findAllByRole('button', {
      name: 'Reintentar Factura A 00003-00000012 de Ríos Hermanos SRL',
    });
    const before = listUrls(fetchMock).filter((url) => url === '/api/admin/invoices').length;
    fireEvent.click(retry!);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url) === '/api/admin/invoices/inv-9/retry' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    await waitFor(() =>
      expect(screen.queryAllByRole('button', { name: /^Reintentar Factura/ })).toHaveLength(0),
    );
    expect(
      listUrls(fetchMock).filter((url) => url === '/api/admin/invoices').length,
    ).toBeGreaterThan(before);
    expect(screen.queryByText(/Observación 10015/)).toBeNull();
  });
});
