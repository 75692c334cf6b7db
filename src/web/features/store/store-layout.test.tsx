import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from '@web/components/ui/toast-store';
import { refreshSession } from '@web/lib/session';
import { toCartItem } from './cart/cart-logic';
import { cartStore } from './cart/cart-store';
import { savePendingCheckout } from './cart/pending-checkout';
import { StoreLayout } from './store-layout';
import { CART_TEXT, STORE_TEXT } from './store-messages';
import { makeProduct, makeVariant } from './store-test-data';

function OpenToasts() {
  return <output data-testid="open-toasts">{useToasts().filter((t) => t.open).length}</output>;
}

function LastToast() {
  const [item] = useToasts();
  return item ? <div data-testid="toast">{`${item.title} | ${item.description}`}</div> : null;
}

function renderLayout() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/store']}>
        <Routes>
          <Route element={<StoreLayout />}>
            <Route path="/store" element={<p>grid</p>} />
          </Route>
        </Routes>
        <OpenToasts />
        <LastToast />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** /api/me answers `user`; the store API answers `store` for everything else. */
function stubFetch(
  user: object | null,
  store: (url: string, init?: RequestInit) => unknown = () => ({}),
) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const body = url === '/api/me' ? (user ? { user, profile: null } : null) : store(url, init);
    return new Response(JSON.stringify(body), {
      status: url === '/api/me' && !user ? 401 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('store layout', () => {
  it('links home and to the store, shows the year, and badges the total quantity', () => {
    cartStore.reload();
    renderLayout();
    expect(
      screen.getByRole('link', { name: STORE_TEXT.storeLink, current: 'page' }),
    ).toHaveAttribute('href', '/store');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()}`);
    expect(screen.queryByTestId('cart-badge')).toBeNull();
    act(() => {
      const a = toCartItem(makeProduct(), makeVariant({ id: 'a' }));
      const b = toCartItem(makeProduct(), makeVariant({ id: 'b' }));
      cartStore.add(a.product, a.variant, 2);
      cartStore.add(b.product, b.variant, 3);
    });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('5');
    expect(screen.getByRole('button', { name: `${STORE_TEXT.cart} (5)` })).toBeInTheDocument();
  });

  it('opens the cart drawer, loaded on first open, and clears a toast that would cover its checkout button', async () => {
    cartStore.reload();
    renderLayout();
    act(() => toast({ title: 'Added to Cart! 🛒' }));
    expect(screen.getByTestId('open-toasts')).toHaveTextContent('1');
    fireEvent.click(screen.getByTestId('cart-button'));
    expect(await screen.findByRole('dialog', { name: /Cart/ })).toBeInTheDocument();
    expect(screen.getByTestId('open-toasts')).toHaveTextContent('0');
  });

  it('offers sign-in, or the dashboard once signed in, in English like the rest of the store', async () => {
    stubFetch(null);
    await refreshSession();
    cartStore.reload();
    const { unmount } = renderLayout();
    const link = await screen.findByTestId('store-account-link');
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveAccessibleName(STORE_TEXT.signIn);
    expect(link).not.toHaveAttribute('lang');
    expect(screen.getByRole('link', { name: STORE_TEXT.homeLink('VendeMás') })).toHaveAttribute(
      'href',
      '/',
    );
    unmount();

    stubFetch({ id: 'u1', email: 'ana@example.com', name: 'Ana' });
    await refreshSession();
    renderLayout();
    expect(await screen.findByTestId('store-account-link')).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('store-account-link')).toHaveAccessibleName(STORE_TEXT.dashboard);
  });

  it('gives the cart back when the browser restores the page from its back-forward cache', async () => {
    stubFetch(null);
    cartStore.reload();
    renderLayout();
    expect(screen.queryByTestId('cart-badge')).toBeNull();

    // The visitor went to checkout from this page, then pressed Back.
    const item = toCartItem(makeProduct(), makeVariant({ id: 'a' }));
    savePendingCheckout({
      orderId: 'ord_1',
      token: 'k'.repeat(43),
      lines: [{ ...item, quantity: 2 }],
      startedAt: new Date().toISOString(),
    });
    const fetchMock = stubFetch(null, (url, init) =>
      init?.method === 'POST' ? { redirect_url: '/store' } : { id: 'ord_1', status: 'reserved' },
    );
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    act(() => {
      window.dispatchEvent(restored);
    });

    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('2'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/store/vendemas/checkout/ord_1/cancel',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(screen.getByTestId('toast')).toHaveTextContent(
      `${CART_TEXT.restoredTitle} | ${CART_TEXT.restoredDescription}`,
    );
  });
});
