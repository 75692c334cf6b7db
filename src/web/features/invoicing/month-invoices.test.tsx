import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice } from '@shared/invoicing/invoicing.schema';
import { testInvoice } from './invoice-fixtures';
import { MonthInvoices } from './month-invoices';

const TAX_DATA = {
  legal_name: 'Ríos Hermanos SRL',
  tax_id: '30712345671',
  tax_condition: 'responsable_inscripto',
};

function renderMonth(invoices: Invoice[], settings: Record<string, unknown> = TAX_DATA) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/api/company/invoices') return Response.json({ invoices });
    if (url === '/api/company/settings') return Response.json(settings);
    return Response.json({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MonthInvoices month="2026-10" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe("a month's fiscal documents in Liquidaciones", () => {
  it('shows an authorized invoice with its number, total, CAE, due date and PDF link', async () => {
    renderMonth([testInvoice()]);
    const item = await screen.findByTestId('month-invoice');
    expect(item).toHaveTextContent('Factura A 00003-00000012');
    expect(item).toHaveTextContent('$ 1.210,00');
    expect(item).toHaveTextContent('Autorizado');
    expect(item).toHaveTextContent('CAE 76123456789012 · vence el 11/11/2026');
    const link = within(item).getByRole('link', {
      name: 'Descargar PDF de Factura A 00003-00000012',
    });
    expect(link).toHaveAttribute('href', '/api/company/invoices/inv-1/pdf');
  });

  it("shows a rejected document with ARCA's observations, that it will be sent again, and no PDF", async () => {
    renderMonth([
      testInvoice({
        status: 'rejected',
        cae: null,
        cae_due: null,
        issued_at: null,
        observations: [{ code: 10015, message: 'El CUIT del receptor no es válido.' }],
      }),
    ]);
    const item = await screen.findByTestId('month-invoice');
    expect(item).toHaveTextContent('Rechazado');
    expect(item).toHaveTextContent('El CUIT del receptor no es válido.');
    expect(item).toHaveTextContent(/VendeMás lo enviará de nuevo/);
    expect(within(item).queryByRole('link', { name: /Descargar PDF/ })).toBeNull();
  });

  it('explains a pending document, and shows only the documents of the month asked for', async () => {
    renderMonth([
      testInvoice({ id: 'p', status: 'pending', cae: null, cae_due: null, number: null }),
      testInvoice({ id: 'other', month: '2026-09', number: 7 }),
    ]);
    const item = await screen.findByTestId('month-invoice');
    expect(item).toHaveTextContent('Factura A (sin número todavía)');
    expect(item).toHaveTextContent('Pendiente');
    expect(item).toHaveTextContent('VendeMás lo enviará en breve');
    expect(screen.getAllByTestId('month-invoice')).toHaveLength(1);
    expect(screen.queryByText(/00003-00000007/)).toBeNull();
  });

  it('points a company without tax data to Configuración → Datos fiscales', async () => {
    renderMonth([], { legal_name: null, tax_id: null, tax_condition: null });
    const link = await screen.findByRole('link', {
      name: 'Configuración de la Empresa → Datos fiscales',
    });
    expect(link).toHaveAttribute('href', '/company/settings');
    expect(await screen.findByText('Este mes no tiene comprobantes.')).toBeInTheDocument();
  });

  it('says nothing about tax data when the company has filled it in', async () => {
    const fetchMock = renderMonth([testInvoice()]);
    await screen.findByTestId('month-invoice');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/company/settings', expect.anything()),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/Faltan tus datos fiscales/)).toBeNull();
  });
});
