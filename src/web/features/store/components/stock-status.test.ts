import { describe, expect, it } from 'vitest';
import { STORE_TEXT } from '../store-messages';
import { stockStatus } from './stock-status';

const managed = (n: number) => ({ manage_inventory: true, inventory_quantity: n });

describe('stock status line', () => {
  it('is green with the count when the requested quantity is in stock', () => {
    expect(stockStatus({ purchasable: true, variant: managed(5), requested: 5 })).toEqual({
      status: { tone: 'in-stock', text: '5 in stock!' },
      canAdd: true,
    });
  });

  it('is yellow and blocks adding when more is requested than is left', () => {
    expect(stockStatus({ purchasable: true, variant: managed(2), requested: 3 })).toEqual({
      status: { tone: 'low', text: 'Not enough stock. Only 2 left.' },
      canAdd: false,
    });
  });

  it('is red and blocks adding when sold out or not purchasable', () => {
    const unavailable = { tone: 'unavailable', text: STORE_TEXT.unavailable };
    expect(stockStatus({ purchasable: true, variant: managed(0), requested: 1 })).toEqual({
      status: unavailable,
      canAdd: false,
    });
    expect(stockStatus({ purchasable: false, variant: managed(9), requested: 1 })).toEqual({
      status: unavailable,
      canAdd: false,
    });
    expect(STORE_TEXT.unavailable).toBe('Currently unavailable');
  });

  it('shows no line and never limits variants whose inventory is not managed', () => {
    const unmanaged = { manage_inventory: false, inventory_quantity: 0 };
    expect(stockStatus({ purchasable: true, variant: unmanaged, requested: 999 })).toEqual({
      status: null,
      canAdd: true,
    });
  });

  it('counts what is already in the cart against the stock', () => {
    expect(
      stockStatus({ purchasable: true, variant: managed(5), requested: 3, inCart: 2 }),
    ).toEqual({
      status: { tone: 'in-stock', text: '5 in stock! 2 already in your cart.' },
      canAdd: true,
    });
    expect(
      stockStatus({ purchasable: true, variant: managed(5), requested: 4, inCart: 2 }),
    ).toEqual({
      status: { tone: 'low', text: 'Not enough stock. Only 3 left. 2 already in your cart.' },
      canAdd: false,
    });
    expect(
      stockStatus({ purchasable: true, variant: managed(5), requested: 1, inCart: 5 }),
    ).toEqual({
      status: { tone: 'low', text: 'All 5 in stock are already in your cart.' },
      canAdd: false,
    });
  });
});
