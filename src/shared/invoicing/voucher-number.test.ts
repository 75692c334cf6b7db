import { describe, expect, it } from 'vitest';
import { invoiceName, voucherNumber } from './voucher-number';

describe('voucher numbers', () => {
  it('pads the point of sale to 5 digits and the number to 8, as ARCA prints them', () => {
    expect(voucherNumber(3, 12)).toBe('00003-00000012');
    expect(voucherNumber(12345, 99_999_999)).toBe('12345-99999999');
  });

  it('names a document by kind, letter and number, and one not yet numbered without a number', () => {
    const invoice = { kind: 'invoice', letter: 'A', point_of_sale: 3, number: 12 } as const;
    expect(invoiceName(invoice)).toBe('Factura A 00003-00000012');
    expect(invoiceName({ ...invoice, kind: 'credit_note', letter: 'B', number: null })).toBe(
      'Nota de crédito B (sin número todavía)',
    );
  });
});
