import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLEMENT_MESSAGES } from '@shared/settlements/settlements.schema';
import { RecordPaymentDialog } from './admin-settlements-page';

function renderDialog() {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ balance_cents: 0, months: [] }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RecordPaymentDialog
        open
        onOpenChange={() => undefined}
        companyId="company-1"
        companyName="Ríos Hermanos SRL"
        balanceCents={800_000}
      />
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('Registrar pago', () => {
  it('records "3.000,00", the way the app itself writes money, as 300000 cents', async () => {
    const fetchMock = renderDialog();
    fireEvent.change(screen.getByLabelText('Monto recibido ($)'), {
      target: { value: '3.000,00' },
    });
    fireEvent.change(screen.getByLabelText('Referencia'), { target: { value: 'TRF-0001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/settlements/company-1/payments');
    expect(JSON.parse(String(init.body))).toMatchObject({
      amount_cents: 300_000,
      reference: 'TRF-0001',
    });
    expect(screen.queryByText(SETTLEMENT_MESSAGES.amountInvalid)).toBeNull();
  });

  it('still refuses zero and more than the balance, with their messages', async () => {
    const fetchMock = renderDialog();
    const amount = screen.getByLabelText('Monto recibido ($)');
    fireEvent.change(screen.getByLabelText('Referencia'), { target: { value: 'TRF-0002' } });
    fireEvent.change(amount, { target: { value: '0,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText(SETTLEMENT_MESSAGES.amountInvalid)).toBeInTheDocument();
    fireEvent.change(amount, { target: { value: '8.000,01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Registrar pago' }));
    expect(await screen.findByText(SETTLEMENT_MESSAGES.amountOverBalance)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
