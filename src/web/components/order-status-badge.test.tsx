import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderStatusBadge } from './order-status-badge';

describe('OrderStatusBadge', () => {
  it('shows the Spanish label of each status with its colour', () => {
    render(
      <>
        <OrderStatusBadge status="pending_transfer" />
        <OrderStatusBadge status="approved" />
        <OrderStatusBadge status="rejected" />
      </>,
    );
    expect(screen.getByText('Pendiente de Transf.').className).toContain('bg-sky-100');
    expect(screen.getByText('Completado').className).toContain('bg-emerald-100');
    expect(screen.getByText('rejected').className).toContain('bg-rose-100');
  });
});
