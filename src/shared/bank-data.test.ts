import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCuit, isValidAlias, isValidCbu, isValidCuit, normalizeCbu } from './bank-data';

describe('CBU', () => {
  it('accepts real CBUs, with or without separators', () => {
    expect(isValidCbu('2850590940090418135201')).toBe(true);
    expect(isValidCbu('0110599520000001234569')).toBe(true);
    expect(isValidCbu('28505909 40090418135201')).toBe(true);
    expect(normalizeCbu('28505909-40090418135201')).toBe('2850590940090418135201');
  });

  it('refuses a wrong length, letters, or any single changed digit', () => {
    expect(isValidCbu('285059094009041813520')).toBe(false);
    expect(isValidCbu('28505909400904181352011')).toBe(false);
    expect(isValidCbu('2850590940090418135a01')).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 21 }), fc.integer({ min: 1, max: 9 }), (at, delta) => {
        const cbu = '2850590940090418135201';
        const changed = (Number(cbu[at]) + delta) % 10;
        const mutated = cbu.slice(0, at) + changed + cbu.slice(at + 1);
        // Weight 1 positions can collide with the check only if the change is a multiple of 10.
        expect(isValidCbu(mutated)).toBe(false);
      }),
    );
  });
});

describe('CUIT', () => {
  it('accepts real CUITs and formats them', () => {
    expect(isValidCuit('30-50001091-2')).toBe(true);
    expect(isValidCuit('20111111112')).toBe(true);
    expect(isValidCuit('30-71234567-1')).toBe(true);
    expect(formatCuit('30712345671')).toBe('30-71234567-1');
  });

  it('refuses a wrong check digit, length or type prefix', () => {
    expect(isValidCuit('30-50001091-3')).toBe(false);
    expect(isValidCuit('30-5000109-2')).toBe(false);
    expect(isValidCuit('99-50001091-2')).toBe(false);
  });
});

describe('alias', () => {
  it('takes 6 to 20 letters, digits, dots and hyphens', () => {
    expect(isValidAlias('VENDEMAS.TIENDA.PAGOS')).toBe(false); // 21 characters
    expect(isValidAlias('VENDEMAS.PAGOS')).toBe(true);
    expect(isValidAlias('mi-alias.2026')).toBe(true);
    expect(isValidAlias('corto')).toBe(false);
    expect(isValidAlias('con espacio')).toBe(false);
    expect(isValidAlias('ñandú.pagos')).toBe(false);
  });
});
