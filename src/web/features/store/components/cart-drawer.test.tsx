import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@web/components/ui/toast-store';
import { browser } from '../api/use-checkout';
import { CART_STORAGE_KEY, toCartItem } from '../cart/cart-logic';
import { cartStore } from '../cart/cart-store';
import { listPendingCheckouts, startedInThisTab } from '../cart/pending-checkout';
import { CART_TEXT } from '../store-messages';
import { makeProduct, makeVariant } from '../store-test-data';
import { CartDrawer } from './cart-drawer';

function LastToast() {
  const [item] = useToasts();
  return item ? <div data-testid="toast">{`${item.title} | ${item.description}`}</div> : null;
}

function renderDrawer(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CartDrawer open onOpenChange={() => {}} />
        <LastToast />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const PESOS = { code: 'ars', symbol: 'ARS ', template: 'ARS {{amount}}' };
const pesoVariant = (amount: number) =>
  makeVariant({
    prices: [{ amount, sale_amount: null, currency_code: 'ars', currency: PESOS }],
  });

function putInCart(quantity: number, variant = makeVariant({ title: 'Walnut' })) {
  const item = toCartItem(makeProduct(), variant);
  const result = cartStore.add(item.product, item.variant, quantity);
  expect(result.ok).toBe(true);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cart drawer', () => {
  it('lists a line, steps its quantity (never below 1), shows the subtotal and removes it', () => {
    cartStore.reload();
    putInCart(2);
    renderDrawer();
    expect(screen.getByRole('dialog', { name: /Cart/ })).toBeInTheDocument();
    expect(screen.getByText('Walnut')).toBeInTheDocument();
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€50.00');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(cartStore.getLines()[0]?.quantity).toBe(1);
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('€75.00');
    fireEvent.click(screen.getByRole('button', { name: /Remove Leather Mate Case/ }));
    expect(cartStore.getLines()).toEqual([]);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('blocks checkout of an empty cart with the spec toast, without calling the service', () => {
    cartStore.reload();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByTestId('toast')).toHaveTextContent(
      `${CART_TEXT.emptyCheckoutTitle} | ${CART_TEXT.emptyCheckoutDescription}`,
    );
    // (The only request is the store's currency for the empty subtotal.)
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/checkout'))).toEqual([]);
  });

  it("shows an empty cart's subtotal in the store's currency, not a default euro", async () => {
    cartStore.reload();
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({
        count: 1,
        offset: 0,
        limit: 1,
        products: [makeProduct({ variants: [pesoVariant(1_850_000)] })],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderDrawer();
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('ARS 0.00'));
    expect(screen.getByTestId('cart-subtotal')).not.toHaveTextContent('€');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/products?limit=1');
  });

  it('takes the currency from products the store pages already loaded, without asking again', () => {
    cartStore.reload();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    client.setQueryData(
      ['store', 'vendemas', 'products'],
      [makeProduct({ variants: [pesoVariant(500)] })],
    );
    renderDrawer(client);
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('ARS 0.00');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the cart to checkout, clears it, then sends the browser to the returned address', async () => {
    cartStore.reload();
    putInCart(2);
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ url: '/checkout/ord_1' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    let storedAtRedirect: string | null = 'not redirected';
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {
      storedAtRedirect = localStorage.getItem(CART_STORAGE_KEY);
    });
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/ord_1'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/store/vendemas/checkout');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({
      items: [{ variant_id: 'var_1', quantity: 2 }],
      successUrl: `${window.location.origin}/success`,
      cancelUrl: window.location.href,
      locale: navigator.language,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Cleared just before the browser leaves.
    expect(storedAtRedirect).toBe('[]');
    expect(cartStore.getLines()).toEqual([]);
  });

  it('keeps a copy of the lines with the order id and token, so the cart can come back', async () => {
    cartStore.reload();
    putInCart(2);
    const url = `${window.location.origin}/checkout/ord_1?token=${'k'.repeat(43)}`;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ url }), { status: 200 })),
    );
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(cartStore.getLines()).toEqual([]);
    expect(listPendingCheckouts()).toEqual([
      {
        orderId: 'ord_1',
        token: 'k'.repeat(43),
        lines: [
          expect.objectContaining({
            quantity: 2,
            variant: expect.objectContaining({ title: 'Walnut' }),
          }),
        ],
        startedAt: expect.any(String),
      },
    ]);
    expect(startedInThisTab('ord_1')).toBe(true);
  });

  it('keeps the cart and shows the checkout error toast when the service fails', async () => {
    cartStore.reload();
    putInCart(1);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 409, statusText: 'Conflict' })),
    );
    const assign = vi.spyOn(browser, 'assign');
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        `${CART_TEXT.checkoutErrorTitle} | ${CART_TEXT.checkoutErrorDescription}`,
      ),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(cartStore.getLines()).toHaveLength(1);
  });

  it.each([
    [
      'a limit on units per order',
      400,
      { code: 'ORDER_LIMIT', message: 'You can buy at most 10 items in one order.' },
    ],
    [
      'not enough stock',
      409,
      {
        code: 'INSUFFICIENT_STOCK',
        message: 'Not enough stock for Leather Mate Case (Walnut). Only 1 left.',
      },
    ],
    [
      'a limit on reserved units per address',
      429,
      {
        code: 'RESERVATION_LIMIT',
        message: 'You already have 12 items reserved in checkouts that are not finished.',
      },
    ],
  ])(
    'shows the service’s own sentence when it refuses the cart for %s',
    async (_, status, error) => {
      cartStore.reload();
      putInCart(2);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ error }), { status })),
      );
      const assign = vi.spyOn(browser, 'assign');
      renderDrawer();
      fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
      await waitFor(() =>
        expect(screen.getByTestId('toast')).toHaveTextContent(
          `${CART_TEXT.checkoutErrorTitle} | ${error.message}`,
        ),
      );
      expect(assign).not.toHaveBeenCalled();
      expect(cartStore.getLines()).toHaveLength(1);
      expect(screen.getByRole('button', { name: 'Checkout' })).toBeEnabled();
    },
  );

  it.each([
    ['a server failure', async () => jsonResponse(500, { code: 'INTERNAL_ERROR', message: 'x' })],
    [
      'a malformed request',
      async () =>
        jsonResponse(400, {
          code: 'VALIDATION_ERROR',
          message: 'Los datos enviados no son válidos.',
          fields: { successUrl: 'successUrl must be an address on this site.' },
        }),
    ],
    [
      'a network error',
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('keeps the generic checkout error for %s', async (_, answer) => {
    cartStore.reload();
    putInCart(1);
    vi.stubGlobal('fetch', vi.fn(answer));
    renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent(
        `${CART_TEXT.checkoutErrorTitle} | ${CART_TEXT.checkoutErrorDescription}`,
      ),
    );
  });
});

function jsonResponse(status: number, error: object) {
  return new Response(JSON.stringify({ error }), { status });
}
