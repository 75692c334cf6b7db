import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';

/** One buyer per company, each told apart by every field the export carries. */
const BUYERS = {
  first: {
    name: 'Beatriz Primera',
    email: 'beatriz.primera@example.com',
    phone: '+54 9 11 4111-1111',
  },
  second: {
    name: 'Sofía Segunda',
    email: 'sofia.segunda@example.com',
    phone: '+54 9 351 422-2222',
  },
};

describe("a company's orders and their CSV export hold only that company's buyers", () => {
  let t: TestApp;
  let first: PayWorld;
  let second: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({ PAY_RATE_LIMIT: '1000' });
    first = await createPayWorld(t);
    second = await createPayWorld(t);
    for (const [world, buyer] of [
      [first, BUYERS.first],
      [second, BUYERS.second],
    ] as const) {
      const placed = await buy(t, world.productId, {
        provider: 'transferencia',
        ref: world.ref,
        buyer,
      });
      expect(placed.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const exported = async (world: PayWorld, query = '') => {
    const response = await companyCall(t, world.company, 'GET', `/orders/export.csv${query}`);
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('exports its own buyers and none of another company’s', async () => {
    for (const [world, own, other] of [
      [first, BUYERS.first, BUYERS.second],
      [second, BUYERS.second, BUYERS.first],
    ] as const) {
      for (const query of ['', '?status=pending_transfer']) {
        const csv = await exported(world, query);
        for (const field of [own.name, own.email, own.phone]) expect(csv).toContain(field);
        for (const field of [other.name, other.email, other.phone])
          expect(csv).not.toContain(field);
        // The header and its one order.
        expect(csv.trim().split('\r\n')).toHaveLength(2);
      }
    }
  });

  it('lists its own orders only', async () => {
    const list = await companyCall(t, first.company, 'GET', '/orders');
    expect(list.json().total).toBe(1);
    expect(
      list.json().items.map((order: { buyer: { email: string } }) => order.buyer.email),
    ).toEqual([BUYERS.first.email]);
  });
});
