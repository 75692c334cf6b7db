import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buyerPriceCents,
  commissionCents,
  fractionToBps,
  MAX_COMMISSION_BPS,
  MIN_COMMISSION_BPS,
  orderAmounts,
  splitCommission,
} from './commission';

describe('commission maths', () => {
  it('adds the commission on top of the base price (spec 02 §9)', () => {
    expect(buyerPriceCents(100_000, 300)).toBe(103_000);
    expect(buyerPriceCents(1_999, 1_000)).toBe(2_199); // 199.9 rounds half-up to 200
  });

  it('rounds the commission half-up to the cent', () => {
    expect(commissionCents(50, 300)).toBe(2); // 1.5 → 2
    expect(commissionCents(49, 300)).toBe(1); // 1.47 → 1
  });

  it('rejects a commission below 3 %', () => {
    expect(() => commissionCents(1000, 299)).toThrow(RangeError);
    expect(() => buyerPriceCents(1000, 0)).toThrow(RangeError);
  });

  it('rejects fractional or negative cents', () => {
    expect(() => commissionCents(10.5, 300)).toThrow(RangeError);
    expect(() => commissionCents(-1, 300)).toThrow(RangeError);
  });

  it('splits the commission 75 % seller, 25 % platform', () => {
    expect(splitCommission(10_000)).toEqual({ sellerCents: 7_500, platformCents: 2_500 });
    expect(splitCommission(3)).toEqual({ sellerCents: 2, platformCents: 1 }); // 2.25 → 2
    expect(splitCommission(2)).toEqual({ sellerCents: 2, platformCents: 0 }); // 1.5 → 2
  });

  it('computes an order whose total is the unit price times the quantity', () => {
    const amounts = orderAmounts(1_999, 350, 3);
    expect(amounts.totalCents).toBe(buyerPriceCents(1_999, 350) * 3);
    expect(amounts.companyCents).toBe(5_997);
  });

  it('converts the spec fraction to basis points, defaulting to 3 %', () => {
    expect(fractionToBps(0.03)).toBe(300);
    expect(fractionToBps(0.125)).toBe(1_250);
    expect(fractionToBps(null)).toBe(300);
    expect(fractionToBps(Number.NaN)).toBe(300);
  });

  const cents = fc.integer({ min: 0, max: 1_000_000_000_00 });
  const bps = fc.integer({ min: MIN_COMMISSION_BPS, max: MAX_COMMISSION_BPS });
  const quantity = fc.integer({ min: 1, max: 1_000 });

  it('never loses or creates a cent when splitting a commission', () => {
    fc.assert(
      fc.property(cents, (commission) => {
        const { sellerCents, platformCents } = splitCommission(commission);
        expect(sellerCents + platformCents).toBe(commission);
        expect(sellerCents).toBeGreaterThanOrEqual(0);
        expect(platformCents).toBeGreaterThanOrEqual(0);
        expect(sellerCents).toBeGreaterThanOrEqual(platformCents);
      }),
    );
  });

  it('makes every order add up: total = company + seller + platform', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), bps, quantity, (base, rate, qty) => {
        const a = orderAmounts(base, rate, qty);
        expect(a.companyCents + a.sellerCents + a.platformCents).toBe(a.totalCents);
        expect(a.companyCents).toBe(base * qty);
        expect(a.totalCents).toBe(buyerPriceCents(base, rate) * qty);
        expect(Number.isInteger(a.sellerCents) && Number.isInteger(a.platformCents)).toBe(true);
      }),
    );
  });

  it('never charges less than 3 % of the base price', () => {
    fc.assert(
      fc.property(cents, bps, (base, rate) => {
        expect(commissionCents(base, rate) * 10_000).toBeGreaterThanOrEqual(
          base * MIN_COMMISSION_BPS - 5_000,
        );
      }),
    );
  });
});
