import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Statement, StatementMonth } from '@shared/settlements/settlements.schema';
import { testInvoice } from '@web/features/invoicing/invoice-fixtures';
import { CompanySettlementsSection } from './company-settlements-section';

const month = (value: string): StatementMonth => ({
  month: value,
  owed_cents: 0,
  sellers_cents: 0,
  platform_cents: 0,
  paid_cents: 0,
  collected_cents: 0,
  closing_cents: 0,
  closed: true,
});

const statement = (value: string): Statement => ({
  company: { id: 'company-1', name: 'Ríos Hermanos SRL' },
  month: value,
  opening_cents: 0,
  owed_cents: 0,
  paid_cents: 0,
  closing_cents: 0,
  closed: true,
  collected_cents: 0,
  sellers: [],
  platform_cents: 0,
  lines: [],
  payments: [],
});

function renderSection() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/company/settlements') {
        return Response.json({
          balance_cents: 0,
          months: [month('2026-10'), month('2026-09')],
          pay_to: { bank: null, reference: 'LIQ-ABCD1234' },
        });
      }
      if (url.startsWith('/api/company/settlements/'))
        return Response.json(statement(url.slice(-7)));
      if (url === '/api/company/invoices') {
        return Response.json({
          invoices: [testInvoice(), testInvoice({ id: 'inv-2', month: '2026-09', number: 7 })],
        });
      }
      if (url === '/api/company/settings') {
        return Response.json({
          legal_name: 'Ríos',
          tax_id: '30712345671',
          tax_condition: 'monotributo',
        });
      }
      return Response.json({ error: { code: 'NOT_FOUND', message: 'No existe' } }, { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/company/settlements']}>
        <CompanySettlementsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Liquidaciones with the fiscal documents', () => {
  it("shows the selected month's documents beside its statement, and the other month's when chosen", async () => {
    renderSection();
    const documents = await screen.findByRole('list', { name: 'Comprobantes del mes' });
    expect(within(documents).getByText('Factura A 00003-00000012')).toBeInTheDocument();
    expect(documents).not.toHaveTextContent('00003-00000007');
    fireEvent.click(screen.getByRole('button', { name: /Septiembre de 2026/ }));
    expect(await screen.findByText('Factura A 00003-00000007')).toBeInTheDocument();
    expect(screen.queryByText('Factura A 00003-00000012')).toBeNull();
  });
});
