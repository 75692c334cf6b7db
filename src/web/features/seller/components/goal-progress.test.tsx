import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Goal } from '@shared/seller/seller.schema';
import { GOAL_TEXT } from '../seller-text';
import { GoalProgress, percentOf } from './goal-progress';

/** Money is formatted with a no-break space; the DOM queries see a plain one. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

const goal = (overrides: Partial<Goal>): Goal => ({
  month: '2026-03',
  target_sales: null,
  target_commission_cents: null,
  sales: 0,
  commission_cents: 0,
  reached: false,
  ...overrides,
});

describe('GoalProgress', () => {
  it('shows how far each target is and what remains', () => {
    render(
      <GoalProgress
        goal={goal({
          target_sales: 10,
          sales: 4,
          target_commission_cents: 5_000_000,
          commission_cents: 1_250_000,
        })}
      />,
    );
    const [sales, commission] = screen.getAllByRole('progressbar');
    expect(sales).toHaveAttribute('aria-valuenow', '40');
    expect(commission).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(GOAL_TEXT.salesRemaining(6))).toBeInTheDocument();
    expect(screen.getByText(plain(GOAL_TEXT.commissionRemaining(3_750_000)))).toBeInTheDocument();
    expect(screen.queryByText(GOAL_TEXT.reached)).not.toBeInTheDocument();
  });

  it('celebrates a reached goal and caps the bar at 100 %', () => {
    render(<GoalProgress goal={goal({ target_sales: 3, sales: 5, reached: true })} />);
    expect(screen.getByRole('status')).toHaveTextContent(GOAL_TEXT.reached);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.queryByText(/Te falta/)).not.toBeInTheDocument();
  });

  it('shows only the targets that were set', () => {
    render(<GoalProgress goal={goal({ target_commission_cents: 100_000, commission_cents: 0 })} />);
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    expect(screen.getByText(plain(GOAL_TEXT.commissionRemaining(100_000)))).toBeInTheDocument();
  });

  it('computes the share of a target', () => {
    expect(percentOf(1, 3)).toBeCloseTo(33.33, 1);
    expect(percentOf(7, 5)).toBe(100);
    expect(percentOf(0, null)).toBe(100);
  });
});
