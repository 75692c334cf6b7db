import { describe, expect, it } from 'vitest';
import { goalReached } from './goals.service';

describe('the goal-reached rule', () => {
  const sold = (sales: number, commissionCents: number) => ({ sales, commissionCents });

  it('is reached when the month’s sold orders meet every target it sets', () => {
    const goal = { targetSales: 5, targetCommissionCents: 100_000 };
    expect(goalReached(goal, sold(5, 100_000))).toBe(true);
    expect(goalReached(goal, sold(7, 250_000))).toBe(true);
    expect(goalReached(goal, sold(4, 250_000))).toBe(false);
    expect(goalReached(goal, sold(7, 99_999))).toBe(false);
  });

  it('counts a target left empty as met', () => {
    expect(goalReached({ targetSales: 3, targetCommissionCents: null }, sold(3, 0))).toBe(true);
    expect(goalReached({ targetSales: null, targetCommissionCents: 500 }, sold(0, 499))).toBe(
      false,
    );
    expect(goalReached({ targetSales: null, targetCommissionCents: null }, sold(0, 0))).toBe(true);
  });
});
