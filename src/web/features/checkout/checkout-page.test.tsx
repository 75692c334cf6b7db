import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SUCCESS_PAGE } from '@shared/messages';
import { CHECKOUT_PAGE_MESSAGES, type CheckoutSummary } from '@shared/store/checkout.schema';
import { useToasts } from '@web/components/ui/toast-store';
import { CHECKOUT_TEXT } from './checkout-messages';
import { CheckoutPage } from './checkout-page';
import { formatCountdown } from './components/reservation-timer';

const ORDER = '6f1c1c2e-8d1b-4a43-9a3c-2f0b8a0f4b11';
const TOKEN = 't'.repeat(43);

function summary(overrides: Partial<CheckoutSummary> = {}): CheckoutSummary {
  const now = new Date();
  return {
    id: ORDER,
    status: 'reserved',
    lines: [
      {
        product_id: 'lamp',
        variant_id: 'lamp-walnut',
        product_title: 'Aurora Desk Lamp',
        variant_title: 'Walnut',
        image_url: '/catalogue/aurora-lamp-walnut.svg',
        quantity: 2,
        unit_price_cents: 6900,
        unit_price_formatted: '€69.00',
        total_formatted: '€138.00',
      },
    ],
    currency: 'eur',
    total_cents: 13800,
    total_formatted: '€138.00',
    reserved_until: new Date(now.getTime() + 12 * 60_000 + 5_000).toISOString(),
    now: now.toISOString(),
    payment_method: 'transfer',
    bank: null,
    reference: null,
    buyer: null,
    success_url: 'http://localhost/success',
    cancel_url: 'http://localhost/store',
    ...overrides,
  };
}

function transferSummary() {
  return summary({
    status: 'pending_transfer',
    reference: 'VM-1A2B3C4D',
    bank: {
      name: 'Banco de la Nación Argentina',
      holder: 'VendeMás S.A.',
      cbu: '0110599520000001234567',
      alias: 'VENDEMAS.TIENDA.PAGOS',
      cuit: '30-71234567-8',
    },
  });
}

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function LastToast() {
  const [item] = useToasts();
  return item ? <div data-testid="toast">{`${item.title} | ${item.description}`}</div> : null;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/checkout/${ORDER}?token=${TOKEN}`]}>
        <Routes>
          <Route path="checkout/:orderId" element={<CheckoutPage />} />
        </Routes>
        <LastToast />
        <CurrentLocation />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function stubApi(handler: (url: string, init?: RequestInit) => { status: number; body: unknown }) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { status, body } = handler(url, init);
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hosted checkout page', () => {
  it('formats the countdown as minutes and seconds', () => {
    expect(formatCountdown(725)).toBe('12:05');
    expect(formatCountdown(59)).toBe('0:59');
  });

  it('shows the order and the time left, and checks the buyer with the shared schema before sending', async () => {
    const fetchMock = stubApi(() => ({ status: 200, body: summary() }));
    renderPage();
    expect(await screen.findByText('Aurora Desk Lamp')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('€138.00');
    expect(screen.getByTestId('reservation-timer')).toHaveTextContent(/12:0\d/);
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api/store/vendemas/checkout/${ORDER}?token=${TOKEN}`,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Place order · €138.00' }));
    expect(await screen.findByText(CHECKOUT_PAGE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_PAGE_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_PAGE_MESSAGES.postalCodeInvalid)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shows the 'Checkout Error' toast when paying fails", async () => {
    stubApi((_url, init) =>
      init?.method === 'POST'
        ? { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'boom' } } }
        : {
            status: 200,
            body: summary({
              buyer: {
                name: 'Ana Pérez',
                email: 'ana@example.com',
                phone: '+54 11 5555-1234',
                address: 'Av. Corrientes 1234',
                city: 'Buenos Aires',
                postalCode: 'C1043',
                province: 'Buenos Aires',
              },
            }),
          },
    );
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Place order · €138.00' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        `${CHECKOUT_TEXT.checkoutErrorTitle} | ${CHECKOUT_TEXT.checkoutErrorDescription}`,
      ),
    );
  });

  it('shows the bank details once the buyer chose a transfer', async () => {
    stubApi(() => ({ status: 200, body: transferSummary() }));
    renderPage();
    const card = await screen.findByTestId('transfer-instructions');
    expect(card).toHaveTextContent('VM-1A2B3C4D');
    expect(card).toHaveTextContent('0110599520000001234567');
    expect(screen.queryByTestId('reservation-timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: CHECKOUT_TEXT.transferDone })).toBeInTheDocument();
  });

  it("after 'I've made the transfer' waits for it, with the reference, amount, bank and a way back, never 'Payment Successful!'", async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    stubApi(() => ({ status: 200, body: transferSummary() }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: CHECKOUT_TEXT.transferDone }));

    const waiting = await screen.findByTestId('transfer-waiting');
    expect(
      screen.getByRole('heading', { level: 1, name: CHECKOUT_TEXT.waitingTitle }),
    ).toBeInTheDocument();
    expect(waiting).toHaveTextContent(CHECKOUT_TEXT.waitingBody('€138.00'));
    expect(waiting).toHaveTextContent('VM-1A2B3C4D');
    expect(waiting).toHaveTextContent('0110599520000001234567');
    expect(waiting).toHaveTextContent('VENDEMAS.TIENDA.PAGOS');
    expect(screen.getByRole('link', { name: CHECKOUT_TEXT.backToStore })).toHaveAttribute(
      'href',
      '/store',
    );
    expect(screen.queryByText(SUCCESS_PAGE.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CHECKOUT_TEXT.cancel })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('transfer=sent');
  });

  it('refuses an expired reservation and links back to the store', async () => {
    stubApi(() => ({ status: 200, body: summary({ status: 'expired' }) }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: CHECKOUT_TEXT.expiredTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CHECKOUT_TEXT.backToStore })).toHaveAttribute(
      'href',
      'http://localhost/store',
    );
    expect(screen.queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();
  });

  it('says so when the link is not valid', async () => {
    stubApi(() => ({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: CHECKOUT_PAGE_MESSAGES.orderNotFound } },
    }));
    renderPage();
    expect(
      await screen.findByRole('heading', { name: CHECKOUT_TEXT.notFoundTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(CHECKOUT_PAGE_MESSAGES.orderNotFound)).toBeInTheDocument();
  });
});
