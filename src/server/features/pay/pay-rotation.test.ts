import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { BUYER, createPayWorld, moveOrder } from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { expireDueOrders } from '../orders/order-workflow';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';

/**
 * The reported abuse: rotated addresses (IPv4 and IPv6 /64s behind a proxy
 * that forwards the buyer's address) each staying under the per-address caps,
 * together holding a product's whole stock without any proof of work.
 */

async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('payment links: rotated addresses cannot hold a product stock (API.md "Payment-link stock")', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      PAY_RATE_LIMIT: '10000',
      // The proxy in front of the app: its X-Forwarded-For names the buyer.
      TRUST_PROXY: 'true',
      PAY_BUYER_MAILS_PER_HOUR: '1000',
      RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
      // Cheap for the test; the real solve still runs through altcha-lib.
      PAY_CHALLENGE_COST: '10',
      PAY_CHALLENGE_MAX_ATTEMPTS: '200',
    });
  });
  afterAll(() => t.close());

  const order = (productId: string, address: string, body: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${productId}`,
      headers: { origin: t.config.appUrl, 'x-forwarded-for': address },
      payload: { buyer: BUYER, provider: 'transferencia', quantity: 1, ...body },
    });
  const challengeFor = async (productId: string, address: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/pay/${productId}/challenge`,
      headers: { 'x-forwarded-for': address },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Challenge;
  };
  const productRow = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]!;

  it('the reported abuse: 20 IPv4 addresses and 20 IPv6 /64s of 10 units each hold at most half of 400 without a proof of work', async () => {
    const world = await createPayWorld(t, { stock: 400 });
    const statuses: number[] = [];
    for (let i = 1; i <= 20; i += 1) {
      // Each under every per-address cap (10 units: no challenge yet), each /64 in a /48 of its own.
      statuses.push((await order(world.productId, `203.0.113.${i}`, { quantity: 10 })).statusCode);
      const v6 = `2001:db8:${(0x100 + i).toString(16)}:1::1`;
      statuses.push((await order(world.productId, v6, { quantity: 10 })).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array<number>(20).fill(201));
    expect(statuses.slice(20)).toEqual(Array<number>(20).fill(428));
    const product = await productRow(world.productId);
    expect({ stock: product.stock, held: product.heldUnits }).toEqual({ stock: 200, held: 200 });
    const refused = await order(world.productId, '198.51.100.250');
    expect(refused.json().error).toEqual({
      code: 'CHALLENGE_REQUIRED',
      message: PAY_MESSAGES.challengeRequired,
    });
  });

  it('past PAY_MAX_UNPAID_SHARE_BPS of the stock before the holds, any new unpaid order needs a proof of work; units let go count no more', async () => {
    const world = await createPayWorld(t, { stock: 20 });
    for (let i = 1; i <= 10; i += 1) {
      expect((await order(world.productId, `198.51.100.${i}`)).statusCode).toBe(201);
    }
    // 11 of 20 would be held: asked for the proof, even from an address that holds nothing.
    const fresh = '198.51.100.11';
    const asked = await order(world.productId, fresh);
    expect(asked.statusCode).toBe(428);
    expect(asked.json().error.code).toBe('CHALLENGE_REQUIRED');
    const payload = await solve(await challengeFor(world.productId, fresh));
    expect((await order(world.productId, fresh, { challenge: payload })).statusCode).toBe(201);
    expect(await productRow(world.productId)).toMatchObject({ stock: 9, heldUnits: 11 });

    // Two orders run out of time: their units go back, and half is again the line.
    const placed = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.productId, world.productId))
      .limit(2);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          orders.id,
          placed.map((row) => row.id),
        ),
      );
    await expireDueOrders(t.db, t.app.orderWorkflow);
    expect(await productRow(world.productId)).toMatchObject({ stock: 11, heldUnits: 9 });
    expect((await order(world.productId, '198.51.100.12')).statusCode).toBe(201);
    expect((await order(world.productId, '198.51.100.13')).statusCode).toBe(428);
  });

  it('a paid order stops holding: its units leave the share and the stock it is measured on', async () => {
    const world = await createPayWorld(t, { stock: 4 });
    const first = await order(world.productId, '192.0.2.1');
    expect((await order(world.productId, '192.0.2.2')).statusCode).toBe(201);
    expect((await order(world.productId, '192.0.2.3')).statusCode).toBe(428);
    // The company confirms the first transfer: sold, no longer held.
    await moveOrder(t, first.json().order_id as string, 'approved');
    expect(await productRow(world.productId)).toMatchObject({ stock: 2, heldUnits: 1 });
    // Of the 3 units not sold, 1 is held: one more (2 of 3) is past half.
    expect((await order(world.productId, '192.0.2.3')).statusCode).toBe(428);
  });
});

describe('payment links: an IPv6 /48 counts as one client once four of its /64s hold units', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      PAY_RATE_LIMIT: '10000',
      TRUST_PROXY: 'true',
      PAY_BUYER_MAILS_PER_HOUR: '1000',
      RISK_VELOCITY_ORDERS_PER_HOUR: '100000',
      PAY_MAX_UNITS_PER_ORDER: '5',
      PAY_MAX_HELD_UNITS_PER_PRODUCT: '12',
      PAY_MAX_HELD_UNITS_PER_ADDRESS: '20',
      PAY_CHALLENGE_AFTER_UNITS: '1000',
    });
  });
  afterAll(() => t.close());

  const order = (productId: string, address: string, quantity = 5) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/pay/${productId}`,
      headers: { origin: t.config.appUrl, 'x-forwarded-for': address },
      payload: { buyer: BUYER, provider: 'transferencia', quantity },
    });

  it('three /64s hold as three clients; the fourth makes the /48 one client, over the cap (429)', async () => {
    const world = await createPayWorld(t, { stock: 1000 });
    for (const subnet of [1, 2, 3]) {
      expect((await order(world.productId, `2001:db8:48:${subnet}::1`)).statusCode).toBe(201);
    }
    const fourth = await order(world.productId, '2001:db8:48:4::1');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({
      code: 'RESERVATION_LIMIT',
      message: PAY_MESSAGES.heldLimitProduct(15, 12),
    });
    expect((await order(world.productId, '2001:db8:48:ffff::1', 1)).statusCode).toBe(429);
    // A /64 of another /48 is another client; one already holding may still add to its own.
    expect((await order(world.productId, '2001:db8:49:4::1')).statusCode).toBe(201);
    expect((await order(world.productId, '2001:db8:48:1::2')).statusCode).toBe(201);
    // The /48 is stored only as a keyed hash.
    const keys = await t.db
      .selectDistinct({ prefix: orders.clientPrefixKey })
      .from(orders)
      .where(eq(orders.productId, world.productId));
    expect(keys.map((row) => row.prefix)).toHaveLength(2);
    expect(JSON.stringify(keys)).not.toMatch(/2001|db8/);
  });

  it('IPv4 addresses of one /24 stay clients of their own', async () => {
    const world = await createPayWorld(t, { stock: 1000 });
    for (let i = 1; i <= 6; i += 1) {
      expect((await order(world.productId, `198.51.100.${i}`)).statusCode).toBe(201);
    }
  });
});
