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
    expect(commissionCents(49, 500)).toBe(2); // 2.45 → 2
    expect(commissionCents(50, 500)).toBe(3); // 2.5 → 3
  });

  it('never rounds below the 3 % floor: the floor itself rounds up', () => {
    expect(commissionCents(49, 300)).toBe(2); // 1.47 → 2, never 1 (2.04 %)
    expect(commissionCents(110, 300)).toBe(4); // 3.3 → 4
    expect(commissionCents(110, 310)).toBe(4); // 3.41 would round to 3, under 3 %
    expect(commissionCents(100_000, 300)).toBe(3_000);
  });

  it('gives a 1-cent product a 1-cent commission, split so it adds up', () => {
    expect(commissionCents(1, MIN_COMMISSION_BPS)).toBe(1);
    expect(buyerPriceCents(1, MIN_COMMISSION_BPS)).toBe(2);
    expect(orderAmounts(1, MIN_COMMISSION_BPS, 3)).toEqual({
      totalCents: 6,
      companyCents: 3,
      sellerCents: 2, // 2.25 → 2
      platformCents: 1,
    });
    expect(orderAmounts(1, MIN_COMMISSION_BPS)).toMatchObject({ sellerCents: 1, platformCents: 0 });
    for (let base = 1; base <= 40; base += 1) {
      expect(commissionCents(base, MIN_COMMISSION_BPS), `${base} cents`).toBeGreaterThanOrEqual(1);
    }
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

  it('never charges less than 3 % of the base price, not even by rounding', () => {
    fc.assert(
      fc.property(cents, bps, (base, rate) => {
        const commission = BigInt(commissionCents(base, rate));
        expect(commission * 10_000n >= BigInt(base) * BigInt(MIN_COMMISSION_BPS)).toBe(true);
      }),
    );
  });

  it('charges at least 1 cent on every priced unit, and 1 cent more at most past the rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000_000_00 }), bps, (base, rate) => {
        const commission = commissionCents(base, rate);
        expect(commission).toBeGreaterThanOrEqual(1);
        // Half-up at the rate, or the floor rounded up: never a whole cent past either.
        const exact = (base * rate) / 10_000;
        expect(commission - Math.max(exact, (base * MIN_COMMISSION_BPS) / 10_000)).toBeLessThan(1);
      }),
    );
  });

  it('splits a 1-cent commission and any other so every order still adds up to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), bps, quantity, (base, rate, qty) => {
        const a = orderAmounts(base, rate, qty);
        expect(a.sellerCents + a.platformCents).toBe(commissionCents(base, rate) * qty);
        expect(a.sellerCents).toBeGreaterThanOrEqual(1);
        expect(a.totalCents).toBe(a.companyCents + a.sellerCents + a.platformCents);
      }),
    );
  });
});
