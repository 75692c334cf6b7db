import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural', () => {
  it('agrees the noun with the number', () => {
    expect(countOf(1, 'vendedor', 'vendedores')).toBe('1 vendedor');
    expect(countOf(0, 'vendedor', 'vendedores')).toBe('0 vendedores');
    expect(countOf(2, 'vendedor', 'vendedores')).toBe('2 vendedores');
    expect(plural(1, 'día', 'días')).toBe('día');
    expect(plural(14, 'día', 'días')).toBe('días');
  });

  it('groups thousands the Argentine way', () => {
    expect(countOf(1250, 'pedido', 'pedidos')).toBe('1.250 pedidos');
    expect(countOf(1_000_000, 'pedido', 'pedidos')).toBe('1.000.000 pedidos');
  });
});
