import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { OrdersTable, useOrderFilters } from './orders-table';

function Table() {
  const filters = useOrderFilters();
  return (
    <OrdersTable
      list={{
        data: { items: [], total: 0, page: 1, page_size: 20 },
        isPending: false,
        isError: false,
        error: null,
      }}
      filters={filters}
      show="company"
    />
  );
}

describe('orders filters', () => {
  it('gives the date fields labels people can see, not only screen readers', () => {
    render(
      <MemoryRouter initialEntries={['/company/orders?from=2026-03-01']}>
        <Table />
      </MemoryRouter>,
    );
    for (const name of ['Desde', 'Hasta']) {
      const field = screen.getByLabelText(name);
      expect(field).toHaveAttribute('type', 'date');
      expect(field).not.toHaveAttribute('aria-label');
      const label = field.closest('label');
      expect(label).toHaveTextContent(name);
      expect(label).not.toHaveClass('sr-only');
    }
    expect(screen.getByLabelText('Desde')).toHaveValue('2026-03-01');
  });
});
