import { describe, expect, it } from 'vitest';
import { TAX_CONDITIONS } from '@shared/company/company-settings.schema';
import {
  fromArcaDate,
  kindOfSum,
  letterFor,
  receiverConditionId,
  toArcaDate,
  vatSplit,
  voucherTypeOf,
} from './invoice-rules';

describe('the fiscal rules of the platform’s documents', () => {
  it('gives A to a responsable inscripto or monotributista, B to the rest, C from a monotributista', () => {
    expect(TAX_CONDITIONS.map((receiver) => letterFor('responsable_inscripto', receiver))).toEqual(
      TAX_CONDITIONS.map((receiver) =>
        receiver === 'responsable_inscripto' || receiver === 'monotributo' ? 'A' : 'B',
      ),
    );
    expect(new Set(TAX_CONDITIONS.map((receiver) => letterFor('monotributo', receiver)))).toEqual(
      new Set(['C']),
    );
  });

  it('numbers vouchers and receiver conditions as ARCA does', () => {
    expect([
      voucherTypeOf('A', 'invoice'),
      voucherTypeOf('A', 'credit_note'),
      voucherTypeOf('B', 'invoice'),
      voucherTypeOf('B', 'credit_note'),
      voucherTypeOf('C', 'invoice'),
      voucherTypeOf('C', 'credit_note'),
    ]).toEqual([1, 3, 6, 8, 11, 13]);
    expect(TAX_CONDITIONS.map(receiverConditionId)).toEqual(
      TAX_CONDITIONS.map(
        (condition) =>
          ({ responsable_inscripto: 1, monotributo: 6, exento: 4, consumidor_final: 5 })[condition],
      ),
    );
  });

  it('splits every total into net + VAT 21 % that add up to it, VAT within a cent of 21 % of the net', () => {
    const wrong: number[] = [];
    for (let total = 1; total <= 200_000; total += 1) {
      const { netCents, vatCents } = vatSplit(total, 'A');
      // net = round(total / 1.21): never more than half a cent from the exact quotient.
      if (
        netCents + vatCents !== total ||
        Math.abs(netCents * 121 - total * 100) > 60.5 ||
        Math.abs(vatCents - netCents * 0.21) > 0.61
      ) {
        wrong.push(total);
      }
    }
    expect(wrong).toEqual([]);
    expect(vatSplit(25_000, 'B')).toEqual({ netCents: 20_661, vatCents: 4_339 });
    expect(vatSplit(121, 'A')).toEqual({ netCents: 100, vatCents: 21 });
    expect(vatSplit(25_000, 'C')).toEqual({ netCents: 25_000, vatCents: 0 });
    expect(() => vatSplit(0, 'A')).toThrow(RangeError);
    expect(() => vatSplit(1.5, 'A')).toThrow(RangeError);
  });

  it('makes an invoice of a positive sum, a credit note of a negative one, nothing of zero', () => {
    expect([kindOfSum(1), kindOfSum(-1), kindOfSum(0)]).toEqual(['invoice', 'credit_note', null]);
    expect(toArcaDate('2026-11-30')).toBe('20261130');
    expect(fromArcaDate('20261130')).toBe('2026-11-30');
  });
});
