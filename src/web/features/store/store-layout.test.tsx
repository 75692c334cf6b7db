import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toast, useToasts } from '@web/components/ui/toast-store';
import { toCartItem } from './cart/cart-logic';
import { cartStore } from './cart/cart-store';
import { StoreLayout } from './store-layout';
import { STORE_TEXT } from './store-messages';
import { makeProduct, makeVariant } from './store-test-data';

function OpenToasts() {
  return <output data-testid="open-toasts">{useToasts().filter((t) => t.open).length}</output>;
}

function renderLayout() {
  return render(
    <MemoryRouter initialEntries={['/store']}>
      <Routes>
        <Route element={<StoreLayout accountActions={<a href="/login">account</a>} />}>
          <Route path="/store" element={<p>grid</p>} />
        </Route>
      </Routes>
      <OpenToasts />
    </MemoryRouter>,
  );
}

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

  it('opens the cart drawer and clears a toast that would cover its checkout button', () => {
    cartStore.reload();
    renderLayout();
    act(() => toast({ title: 'Added to Cart! 🛒' }));
    expect(screen.getByTestId('open-toasts')).toHaveTextContent('1');
    fireEvent.click(screen.getByTestId('cart-button'));
    expect(screen.getByRole('dialog', { name: /Cart/ })).toBeInTheDocument();
    expect(screen.getByTestId('open-toasts')).toHaveTextContent('0');
  });
});
