import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useToasts } from '@web/components/ui/toast-store';
import { cartStore } from '../cart/cart-store';
import { CART_TEXT, STORE_TEXT } from '../store-messages';
import { makeProduct, makeVariant } from '../store-test-data';
import { ProductCard } from './product-card';
import type { StoreProduct } from '@shared/store/store.schema';

function LastToast() {
  const [item] = useToasts();
  return item ? (
    <div data-testid="toast">
      {item.title} | {item.description}
    </div>
  ) : null;
}

function renderCard(product: StoreProduct) {
  cartStore.reload();
  return render(
    <MemoryRouter initialEntries={['/store']}>
      <Routes>
        <Route path="/store" element={<ProductCard product={product} index={2} />} />
        <Route path="/product/:id" element={<p>detail page</p>} />
      </Routes>
      <LastToast />
    </MemoryRouter>,
  );
}

describe('product card', () => {
  it('shows the default subtitle, the ribbon, the sale price with the original struck, and links to the product', () => {
    const variant = makeVariant({ sale_price_in_cents: 1999, sale_price_formatted: '€19.99' });
    renderCard(makeProduct({ ribbon_text: 'New', variants: [variant], ...pick(variant) }));
    expect(screen.getByText(STORE_TEXT.defaultSubtitle)).toBeInTheDocument();
    expect(screen.getByText('New')).toBeInTheDocument();
    expect(screen.getByText('€19.99')).toBeInTheDocument();
    expect(screen.getByText('€25.00').closest('s')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Leather Mate Case' })).toHaveAttribute(
      'href',
      '/product/prod_1',
    );
    expect(screen.getByTestId('product-card')).toHaveStyle({ animationDelay: '0.1s' });
  });

  it('adds a single-variant product to the cart with the spec toast', async () => {
    renderCard(makeProduct());
    fireEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(cartStore.getLines()).toMatchObject([{ variant: { id: 'var_1' }, quantity: 1 }]);
    expect(screen.getByTestId('toast')).toHaveTextContent(
      `${CART_TEXT.addedTitle} | Leather Mate Case has been added to your cart.`,
    );
  });

  it('goes to the detail page instead of adding when there are several variants', async () => {
    renderCard(makeProduct({ variants: [makeVariant(), makeVariant({ id: 'var_2' })] }));
    fireEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(cartStore.getLines()).toEqual([]);
  });

  it('refuses a managed variant beyond its stock with the list error toast', async () => {
    renderCard(
      makeProduct({ variants: [makeVariant({ manage_inventory: true, inventory_quantity: 1 })] }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    fireEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(cartStore.getLines()).toMatchObject([{ quantity: 1 }]);
    expect(screen.getByTestId('toast')).toHaveTextContent(
      `${CART_TEXT.listErrorTitle} | Not enough stock for Leather Mate Case (Default). Only 1 left.`,
    );
  });

  it('says a sold-out product is sold out on a disabled button', () => {
    renderCard(
      makeProduct({
        variants: [
          makeVariant({ id: 'a', manage_inventory: true, inventory_quantity: 0 }),
          makeVariant({ id: 'b', manage_inventory: true, inventory_quantity: 0 }),
        ],
      }),
    );
    const button = screen.getByRole('button', { name: `${STORE_TEXT.soldOut}: Leather Mate Case` });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent(STORE_TEXT.soldOut);
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
  });

  it('says a product that is not for sale is unavailable on a disabled button', () => {
    renderCard(makeProduct({ purchasable: false }));
    expect(
      screen.getByRole('button', { name: `${STORE_TEXT.unavailable}: Leather Mate Case` }),
    ).toBeDisabled();
  });

  it('keeps selling a product while one of its styles has stock', () => {
    renderCard(
      makeProduct({
        variants: [
          makeVariant({ id: 'a', manage_inventory: true, inventory_quantity: 0 }),
          makeVariant({ id: 'b', manage_inventory: true, inventory_quantity: 2 }),
        ],
      }),
    );
    expect(screen.getByRole('button', { name: /Add to Cart/ })).toBeEnabled();
  });
});

function pick(variant: ReturnType<typeof makeVariant>) {
  return {
    price_in_cents: variant.price_in_cents,
    sale_price_in_cents: variant.sale_price_in_cents,
    price_formatted: variant.price_formatted,
    sale_price_formatted: variant.sale_price_formatted,
  };
}
