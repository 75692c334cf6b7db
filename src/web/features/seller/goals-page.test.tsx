import { describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '@shared/money';
import { goalBodyFrom } from './goals-page';

describe('the goal form', () => {
  it.each([
    ['50.000', 5_000_000],
    ['50.000,50', 5_000_050],
    ['50000', 5_000_000],
    ['$ 50.000,00', 5_000_000],
  ])('reads a commission target of %j as %i cents', (text, cents) => {
    expect(goalBodyFrom('2026-11', '', text)).toEqual({
      body: { month: '2026-11', target_sales: null, target_commission_cents: cents },
    });
  });

  it('says why it cannot read a commission target', () => {
    expect(goalBodyFrom('2026-11', '', '50000,123')).toEqual({
      errors: { target_commission: MONEY_MESSAGES.tooManyDecimals },
    });
  });
});
