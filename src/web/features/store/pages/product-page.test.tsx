import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '@web/components/ui/toast-store';
import type { StoreProductDetail } from '@shared/store/store.schema';
import { cartStore } from '../cart/cart-store';
import { CART_TEXT, STORE_TEXT } from '../store-messages';
import { makeProduct, makeVariant } from '../store-test-data';
import { ProductPage } from './product-page';

function LastToast() {
  const [item] = useToasts();
  return item ? <div data-testid="toast">{`${item.title} | ${item.description}`}</div> : null;
}

function serve(product: StoreProductDetail | null, liveStock: Record<string, number> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.includes('/variants?')) {
        return Response.json({
          variants: Object.entries(liveStock).map(([id, inventory_quantity]) => ({
            id,
            product_id: product?.id,
            manage_inventory: true,
            inventory_quantity,
          })),
        });
      }
      return product
        ? Response.json(product)
        : new Response('{}', { status: 404, statusText: 'Not Found' });
    }),
  );
  cartStore.reload();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/product/prod_1']}>
        <Routes>
          <Route path="/product/:id" element={<ProductPage />} />
        </Routes>
        <LastToast />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

const images = ['/files/a.jpg', '/files/b.jpg', '/files/c.jpg'].map((url, order) => ({
  url,
  order: 2 - order,
  type: 'image',
}));

describe('product page', () => {
  it('preselects the first style, jumps the carousel to a chosen style with an image, and adds the quantity', async () => {
    const product = makeProduct({
      media: images,
      images,
      description: `<p>${'Soft leather. '.repeat(20)}</p><img src=x onerror="window.hit=1">`,
      variants: [
        makeVariant({ id: 'walnut', title: 'Walnut', image_url: '/files/c.jpg' }),
        makeVariant({ id: 'oak', title: 'Oak', image_url: '/files/a.jpg' }),
      ],
    });
    const { container } = serve(product);
    expect(await screen.findByRole('heading', { name: 'Leather Mate Case' })).toBeInTheDocument();
    expect(document.title).toBe(`Leather Mate Case${STORE_TEXT.titleSuffix}`);
    const meta = document.querySelector('meta[name="description"]')?.getAttribute('content');
    expect(meta).toHaveLength(160);
    expect(container.querySelector('[onerror]')).toBeNull();

    const activeImage = () =>
      container
        .querySelector('[aria-roledescription="slide"][data-active] img')
        ?.getAttribute('src');
    // Images are shown in their order: c (0), b (1), a (2).
    expect(screen.getByRole('radio', { name: 'Walnut' })).toBeChecked();
    expect(activeImage()).toBe('/files/c.jpg');
    fireEvent.click(screen.getByRole('radio', { name: 'Oak' }));
    expect(activeImage()).toBe('/files/a.jpg');
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.nextImage }));
    expect(activeImage()).toBe('/files/c.jpg'); // wraps around

    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.increase }));
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.increase }));
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.addToCart }));
    expect(cartStore.getLines()).toMatchObject([{ variant: { id: 'oak' }, quantity: 3 }]);
    expect(screen.getByTestId('toast')).toHaveTextContent(
      `${CART_TEXT.addedTitle} | 3 x Leather Mate Case (Oak) added.`,
    );
  });

  it('uses live stock over the embedded stock for the status line and the button', async () => {
    const product = makeProduct({
      variants: [makeVariant({ id: 'only', manage_inventory: true, inventory_quantity: 10 })],
    });
    serve(product, { only: 1 });
    expect(await screen.findByText('1 in stock!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.increase }));
    expect(screen.getByText('Not enough stock. Only 1 left.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: STORE_TEXT.addToCart })).toBeDisabled();
  });

  it('counts what is already in the cart in the stock line and the button', async () => {
    const variant = makeVariant({ id: 'only', manage_inventory: true, inventory_quantity: 3 });
    const product = makeProduct({ variants: [variant] });
    serve(product, { only: 3 });
    expect(await screen.findByText('3 in stock!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.increase }));
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.addToCart }));
    // The stepper still asks for 2: with 2 in the cart only 1 is left, and the line says so.
    expect(
      await screen.findByText('Not enough stock. Only 1 left. 2 already in your cart.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: STORE_TEXT.addToCart })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.decrease }));
    expect(screen.getByText('3 in stock! 2 already in your cart.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: STORE_TEXT.addToCart }));
    expect(await screen.findByText('All 3 in stock are already in your cart.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: STORE_TEXT.addToCart })).toBeDisabled();
  });

  it('shows the load error with a way back home', async () => {
    serve(null);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error loading product: HTTP 404: Not Found',
    );
    await waitFor(() =>
      expect(screen.getByRole('link', { name: STORE_TEXT.goBack })).toHaveAttribute('href', '/'),
    );
  });
});
