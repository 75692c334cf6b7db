import { and, eq } from 'drizzle-orm';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { NO_EMAIL_PARAM } from '@shared/pay-entry';
import {
  BUYER,
  buy,
  companyCall,
  createPayWorld,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app';
import { clientKey } from '../../lib/client-key';
import { forgetPastMailQuota, mailboxOf } from '../notifications/notifications.service';
import { buyerMailQuota, emailOutbox } from '../notifications/notifications.table';
import { expireDueOrders } from '../orders/order-workflow';
import { orders } from '../orders/orders.table';
import { products } from '../products/products.table';
import { createPayChallenge, forgetExpiredChallenges, verifyPayChallenge } from './pay-challenge';
import { payChallengeUses } from './pay-challenges.table';

/** The widget's payload: base64 of `{ challenge, solution }`. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge was not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('payment links: nobody can hold a product stock through unpaid orders', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({
      PAY_RATE_LIMIT: '1000',
      PAY_MAX_UNITS_PER_ORDER: '5',
      PAY_MAX_HELD_UNITS_PER_PRODUCT: '12',
      PAY_MAX_HELD_UNITS_PER_ADDRESS: '20',
      PAY_CHALLENGE_AFTER_UNITS: '1000',
    });
    world = await createPayWorld(t, { stock: 100 });
  });
  afterAll(() => t.close());

  const stockOf = async (productId: string) =>
    (await t.db.select().from(products).where(eq(products.id, productId)))[0]!.stock;
  const transfer = (productId: string, quantity: number, address: string) =>
    buy(t, productId, { provider: 'transferencia', quantity }, address);

  it('refuses more units in one order than PAY_MAX_UNITS_PER_ORDER, writing nothing', async () => {
    const response = await transfer(world.productId, 6, '198.51.100.1');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'ORDER_LIMIT',
      message: PAY_MESSAGES.quantityInvalid(5),
    });
    expect(await stockOf(world.productId)).toBe(100);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/pay/${world.productId}` });
    expect(page.json().product.max_quantity).toBe(5);
  });

  it('caps the units of one product one address holds unpaid (429, in Spanish), not other addresses', async () => {
    const address = '198.51.100.2';
    expect((await transfer(world.productId, 5, address)).statusCode).toBe(201);
    expect((await transfer(world.productId, 5, address)).statusCode).toBe(201);
    const refused = await transfer(world.productId, 5, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RESERVATION_LIMIT',
      message: PAY_MESSAGES.heldLimitProduct(10, 12),
    });
    // What is left under the cap still sells; then nothing more.
    expect((await transfer(world.productId, 2, address)).statusCode).toBe(201);
    const full = await transfer(world.productId, 1, address);
    expect(full.statusCode).toBe(429);
    expect(full.json().error.message).toBe(PAY_MESSAGES.heldLimitProduct(12, 12));
    expect(await stockOf(world.productId)).toBe(100 - 12);
    // Another buyer is not affected, and the pay page still sells.
    expect((await transfer(world.productId, 5, '198.51.100.3')).statusCode).toBe(201);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/pay/${world.productId}` });
    expect(page.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and stores only the keyed hash of it', async () => {
    expect((await transfer(world.productId, 5, '2001:db8:77:1::1')).statusCode).toBe(201);
    expect((await transfer(world.productId, 5, '2001:db8:77:1::2')).statusCode).toBe(201);
    const third = await transfer(world.productId, 5, '2001:db8:77:1:ffff::9');
    expect(third.statusCode).toBe(429);
    expect((await transfer(world.productId, 5, '2001:db8:77:2::1')).statusCode).toBe(201);
    const keys = await t.db
      .selectDistinct({ key: orders.clientKey })
      .from(orders)
      .where(eq(orders.productId, world.productId));
    expect(keys.map((row) => row.key)).toContain(clientKey('2001:db8:77:1::1', t.config.appSecret));
    expect(JSON.stringify(keys)).not.toMatch(/2001|198\.51/);
  });

  it('caps the units one address holds over all products', async () => {
    const other = await createPayWorld(t, { stock: 100 });
    const address = '198.51.100.4';
    for (let i = 0; i < 2; i += 1) {
      expect((await transfer(world.productId, 5, address)).statusCode).toBe(201);
      expect((await transfer(other.productId, 5, address)).statusCode).toBe(201);
    }
    const refused = await transfer(other.productId, 1, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'RESERVATION_LIMIT',
      message: PAY_MESSAGES.heldLimitAddress(20, 20),
    });
  });

  it('units stop counting once their order runs out of time', async () => {
    const address = '198.51.100.5';
    const product = (await createPayWorld(t, { stock: 100 })).productId;
    const first = await transfer(product, 5, address);
    expect((await transfer(product, 5, address)).statusCode).toBe(201);
    expect((await transfer(product, 5, address)).statusCode).toBe(429);
    // An order past its time holds nothing, even before the sweeper runs.
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.json().order_id));
    expect((await transfer(product, 5, address)).statusCode).toBe(201);
    await expireDueOrders(t.db, t.app.orderWorkflow);
    expect((await transfer(product, 5, address)).statusCode).toBe(429);
  });

  it('the reported abuse: 15 orders of 10 units from one address take at most the cap', async () => {
    const abused = await createPayWorld(t, { stock: 150 });
    const results: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      results.push((await transfer(abused.productId, 5, '203.0.113.66')).statusCode);
    }
    expect(results.filter((status) => status === 201)).toHaveLength(2);
    expect(results.filter((status) => status === 429)).toHaveLength(13);
    expect(await stockOf(abused.productId)).toBe(140);
  });
});

describe('payment links: a proof-of-work challenge past the lower threshold', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({
      PAY_RATE_LIMIT: '1000',
      PAY_CHALLENGE_AFTER_UNITS: '4',
      // Cheap for the test; the real solve still runs through altcha-lib.
      PAY_CHALLENGE_COST: '10',
      PAY_CHALLENGE_MAX_ATTEMPTS: '200',
    });
    world = await createPayWorld(t, { stock: 100 });
  });
  afterAll(() => t.close());

  /** A challenge as the widget asks for it, from the address that will order with it. */
  const challengeFor = async (productId: string, address = '192.0.2.10') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/public/pay/${productId}/challenge`,
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as Challenge;
  };
  const order = (body: Record<string, unknown>, address = '192.0.2.10') =>
    buy(t, world.productId, { provider: 'transferencia', ...body }, address);

  it('below the threshold nobody is asked; past it the order needs a solved challenge (428)', async () => {
    expect((await order({ quantity: 4 })).statusCode).toBe(201);
    const asked = await order({ quantity: 1 });
    expect(asked.statusCode).toBe(428);
    expect(asked.json().error).toEqual({
      code: 'CHALLENGE_REQUIRED',
      message: PAY_MESSAGES.challengeRequired,
    });

    const challenge = await challengeFor(world.productId);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      data: { product: world.productId },
    });
    const payload = await solve(challenge);
    const solved = await order({ quantity: 1, challenge: payload });
    expect(solved.statusCode).toBe(201);

    // Each solution buys one order only.
    const again = await order({ quantity: 1, challenge: payload });
    expect(again.statusCode).toBe(428);
    expect(again.json().error).toEqual({
      code: 'CHALLENGE_INVALID',
      message: PAY_MESSAGES.challengeInvalid,
    });
    // Another address below the threshold is never asked.
    expect((await order({ quantity: 1 }, '192.0.2.11')).statusCode).toBe(201);
  });

  it('refuses a solution for another product, a forged one and a payload that is not one', async () => {
    const address = '192.0.2.20';
    const other = await createPayWorld(t, { stock: 10 });
    const forOther = await solve(await challengeFor(other.productId, address));
    const challenge = await challengeFor(world.productId, address);
    // A solved challenge whose expiry was pushed back: the signature no longer matches.
    const solved = JSON.parse(Buffer.from(await solve(challenge), 'base64').toString()) as {
      challenge: Challenge;
    };
    solved.challenge.parameters.expiresAt! += 3600;
    const forged = Buffer.from(JSON.stringify(solved)).toString('base64');
    const wrongAnswer = Buffer.from(
      JSON.stringify({ challenge, solution: { counter: 0, derivedKey: 'ab'.repeat(32) } }),
    ).toString('base64');
    expect((await order({ quantity: 4 }, address)).statusCode).toBe(201);
    for (const payload of [forOther, forged, wrongAnswer, 'no es base64 {', '']) {
      const response = await order({ quantity: 1, challenge: payload }, address);
      expect(response.statusCode, payload.slice(0, 20)).toBe(428);
      expect(response.json().error.code).toBe('CHALLENGE_INVALID');
    }
  });

  it('a solution works only from the client that asked for its challenge (another address or /64: 428 in Spanish)', async () => {
    const buyer = '192.0.2.40';
    const farm = '192.0.2.41';
    expect((await order({ quantity: 4 }, buyer)).statusCode).toBe(201);
    expect((await order({ quantity: 4 }, farm)).statusCode).toBe(201);
    // Solved from the farm's address, presented from the buyer's: refused, and not spent.
    const payload = await solve(await challengeFor(world.productId, farm));
    const elsewhere = await order({ quantity: 1, challenge: payload }, buyer);
    expect(elsewhere.statusCode).toBe(428);
    expect(elsewhere.json().error).toEqual({
      code: 'CHALLENGE_OTHER_CLIENT',
      message: PAY_MESSAGES.challengeOtherClient,
    });
    expect((await order({ quantity: 1, challenge: payload }, farm)).statusCode).toBe(201);
    expect((await order({ quantity: 1, challenge: payload }, farm)).json().error.code).toBe(
      'CHALLENGE_INVALID',
    );
    // An IPv6 client is its /64: another address of the same /64 may use it, another /64 may not.
    const v6 = '2001:db8:40:1::1';
    expect((await order({ quantity: 4 }, v6)).statusCode).toBe(201);
    expect((await order({ quantity: 4 }, '2001:db8:40:2::1')).statusCode).toBe(201);
    const forV6 = await solve(await challengeFor(world.productId, v6));
    const otherNetwork = await order({ quantity: 1, challenge: forV6 }, '2001:db8:40:2::1');
    expect(otherNetwork.json().error.code).toBe('CHALLENGE_OTHER_CLIENT');
    expect((await order({ quantity: 1, challenge: forV6 }, '2001:db8:40:1::99')).statusCode).toBe(
      201,
    );
    // The challenge names its client by a keyed hash only.
    const challenge = await challengeFor(world.productId, farm);
    expect(JSON.stringify(challenge)).not.toContain('192.0.2');
    expect(challenge.parameters.data?.client).not.toBe(clientKey(farm, t.config.appSecret));
  });

  it('a challenge expires after five minutes, and the server signs with a key from APP_SECRET', async () => {
    const settings = { appSecret: t.config.appSecret, cost: 10, maxAttempts: 50 };
    const key = clientKey('192.0.2.30', t.config.appSecret);
    const old = await createPayChallenge(
      settings,
      world.productId,
      key,
      new Date(Date.now() - 6 * 60_000),
    );
    expect(await verifyPayChallenge(settings, await solve(old), world.productId, key)).toBeNull();
    const fresh = await createPayChallenge(settings, world.productId, key, new Date());
    const payload = await solve(fresh);
    expect(await verifyPayChallenge(settings, payload, world.productId, key)).toMatchObject({
      nonce: fresh.parameters.nonce,
    });
    expect(
      await verifyPayChallenge(
        { appSecret: `${settings.appSecret}-other` },
        payload,
        world.productId,
        key,
      ),
    ).toBeNull();
  });

  it('forgets used solutions once their challenge has expired', async () => {
    expect(await t.db.$count(payChallengeUses)).toBeGreaterThan(0);
    expect(await forgetExpiredChallenges(t.db, new Date())).toBe(0);
    await forgetExpiredChallenges(t.db, new Date(Date.now() + 6 * 60_000));
    expect(await t.db.$count(payChallengeUses)).toBe(0);
  });

  it('answers 404 for the challenge of a missing or inactive product', async () => {
    const inactive = await createPayWorld(t);
    await companyCall(t, inactive.company, 'PATCH', `/products/${inactive.productId}`, {
      is_active: false,
    });
    for (const id of [inactive.productId, '7d9e3c1a-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/public/pay/${id}/challenge`,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('payment links: e-mails about new orders per recipient and hour', () => {
  let t: TestApp;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({ PAY_RATE_LIMIT: '1000', PAY_BUYER_MAILS_PER_HOUR: '2' });
    world = await createPayWorld(t, { stock: 100 });
  });
  afterAll(() => t.close());

  const buyerMails = (to: string) =>
    t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'buyer_order_received'), eq(emailOutbox.toEmail, to)));

  it('one mailbox gets at most PAY_BUYER_MAILS_PER_HOUR, however its address is written; orders still work', async () => {
    const addresses = ['victima@gmail.com', 'vic.tima+1@gmail.com', 'VICTIMA+spam@googlemail.com'];
    const responses = [];
    for (const [index, email] of addresses.entries()) {
      responses.push(
        await buy(
          t,
          world.productId,
          { provider: 'transferencia', buyer: { ...BUYER, email } },
          `198.51.100.${20 + index}`,
        ),
      );
    }
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(responses.map((response) => response.json().buyer_email_sent)).toEqual([
      true,
      true,
      false,
    ]);
    // The third buyer is told to keep the page's address, which no e-mail brings.
    const url = new URL(responses[2]!.json().next.url);
    expect(url.searchParams.get(NO_EMAIL_PARAM)).toBe('1');
    expect(new URL(responses[0]!.json().next.url).searchParams.has(NO_EMAIL_PARAM)).toBe(false);
    const queued = await Promise.all(addresses.map((email) => buyerMails(email.toLowerCase())));
    expect(queued.map((rows) => rows.length)).toEqual([1, 1, 0]);
    // The company still hears of every order.
    const companyMails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'company_transfer_pending'));
    expect(companyMails).toHaveLength(3);
    // Someone else's mailbox is counted apart.
    const other = await buy(t, world.productId, {
      provider: 'transferencia',
      buyer: { ...BUYER, email: 'otra@example.com' },
    });
    expect(other.json().buyer_email_sent).toBe(true);
  });

  it('forgets the counts of hours that are over', async () => {
    expect(await t.db.$count(buyerMailQuota)).toBeGreaterThan(0);
    await forgetPastMailQuota(t.db, new Date(Date.now() - 3_600_000));
    expect(await t.db.$count(buyerMailQuota)).toBeGreaterThan(0);
    await forgetPastMailQuota(t.db, new Date(Date.now() + 3_600_000));
    expect(await t.db.$count(buyerMailQuota)).toBe(0);
  });

  it('normalizes a mailbox: case, +tags, and dots in a Gmail name', () => {
    expect(mailboxOf(' Ana.Perez+compras@Gmail.com ')).toBe('anaperez@gmail.com');
    expect(mailboxOf('ana.perez@googlemail.com')).toBe('anaperez@gmail.com');
    expect(mailboxOf('ana.perez+x@empresa.com.ar')).toBe('ana.perez@empresa.com.ar');
    expect(mailboxOf('+solo@example.com')).toBe('+solo@example.com');
  });
});
