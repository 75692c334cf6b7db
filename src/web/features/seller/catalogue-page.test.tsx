import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLER_MESSAGES } from '@shared/seller/seller.schema';
import { CataloguePage } from './catalogue-page';
import { SELLER_TEXT } from './seller-text';

function renderWith(answer: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <CataloguePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Catálogo', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks a seller without a province to choose one first, with a link to settings', async () => {
    renderWith(() =>
      Response.json(
        { error: { code: 'PROVINCE_REQUIRED', message: SELLER_MESSAGES.provinceRequired } },
        { status: 409 },
      ),
    );
    expect(await screen.findByText(SELLER_MESSAGES.provinceRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SELLER_TEXT.goToSettings })).toHaveAttribute(
      'href',
      '/seller/settings',
    );
  });

  it('explains that no company ships to the province yet', async () => {
    renderWith(() =>
      Response.json({
        items: [],
        total: 0,
        page: 1,
        page_size: 24,
        province: 'Tierra del Fuego',
        categories: [],
        companies: [],
      }),
    );
    expect(await screen.findByText(SELLER_TEXT.emptyCatalogueTitle)).toBeInTheDocument();
    expect(screen.getByText(SELLER_TEXT.emptyCatalogue('Tierra del Fuego'))).toBeInTheDocument();
  });
});
