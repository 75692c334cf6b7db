import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../tests/factories/accounts';
import { buy, BUYER, createPayWorld, type PayWorld } from '../../../tests/factories/pay-world';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { ConfigError, loadConfig } from '../config/env';
import { parseTrustProxy } from '../config/trust-proxy';
import { sessions } from '../features/auth/auth.table';
import { seedTestCatalogue } from '../../../tests/factories/store-catalogue';
import { storeVariants } from '../features/store-catalogue/store-catalogue.table';
import { orders } from '../features/orders/orders.table';

/** The load balancer in front of the app, and the client it forwards. */
const PROXY = '10.0.0.1';
const CLIENT = '203.0.113.7';
const LIMIT = 3;
const ATTEMPTS = 8;

/** A new made-up address for each request, written where a client can write it. */
let spoofed = 0;
const spoof = () => `198.18.${Math.floor(spoofed / 250)}.${(spoofed++ % 250) + 1}`;

describe('TRUST_PROXY', () => {
  it('reads true as one hop, a number as hops, and a list as the proxies’ addresses', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.10,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'fd00::/8',
      'loopback',
    ]);
    expect(parseTrustProxy('10.0.0.0/255.0.0.0')).toEqual(['10.0.0.0/255.0.0.0']);
    for (const bad of ['banana', '10.0.0.0/33', '10.0.0.300', '::1/129', '10.0.0.1,', '1/2/3']) {
      expect(typeof parseTrustProxy(bad), bad).toBe('string');
    }
  });

  it('refuses to start with a value it does not understand, naming it', () => {
    expect(() => loadConfig({ DATA_DIR: '.tmp/unused', TRUST_PROXY: 'lb.example.com' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATA_DIR: '.tmp/unused', TRUST_PROXY: 'lb.example.com' })).toThrow(
      /lb\.example\.com/,
    );
  });
});

describe('behind one load balancer (TRUST_PROXY=true), limits count the address it saw', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let world: PayWorld;

  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT: String(LIMIT),
      PAY_RATE_LIMIT: String(LIMIT),
      STORE_CHECKOUT_RATE_LIMIT: String(LIMIT),
      STORE_MAX_HELD_UNITS_PER_ADDRESS: '2',
    });
    admin = await createUser(t.app, { role: 'admin', signIn: false });
    world = await createPayWorld(t, { stock: 50 });
    await seedTestCatalogue(t.db);
    await t.db
      .update(storeVariants)
      .set({ quantity: 100 })
      .where(eq(storeVariants.id, 'lamp-walnut'));
  });
  afterAll(() => t.close());

  /** A request as the balancer forwards it: the client's own header, then the address it saw. */
  const forwarded = (client: string) => ({
    remoteAddress: PROXY,
    headers: { origin: t.config.appUrl, 'x-forwarded-for': `${spoof()}, ${client}` },
  });

  it('stops wrong admin passwords however the client rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        ...forwarded(CLIENT),
        payload: { email: admin.email, password: `no-es-la-clave-${i}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([
      ...Array<number>(LIMIT).fill(401),
      ...Array<number>(ATTEMPTS - LIMIT).fill(429),
    ]);
    // Another client behind the same balancer has its own count.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      ...forwarded('203.0.113.8'),
      payload: { email: admin.email, password: admin.password },
    });
    expect(other.statusCode).toBe(200);
    // The session records that client's address, not the one it wrote.
    const [session] = await t.db
      .select({ ip: sessions.ipAddress })
      .from(sessions)
      .where(eq(sessions.userId, admin.id));
    expect(session?.ip).toBe('203.0.113.8');
  });

  it('stops payment-link orders however the client rotates X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/public/pay/${world.productId}`,
        ...forwarded(CLIENT),
        payload: {
          buyer: BUYER,
          provider: 'transferencia',
          ref: world.ref,
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([
      ...Array<number>(LIMIT).fill(201),
      ...Array<number>(ATTEMPTS - LIMIT).fill(429),
    ]);
    // Without a proxy header the socket's address is the client's, with a count of its own.
    const direct = await buy(t, world.productId, { provider: 'transferencia' }, '198.51.100.20');
    expect(direct.statusCode).toBe(201);
  });

  it('holds a storefront address to its reservation cap and its checkout limit', async () => {
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/store/vendemas/checkout',
        ...forwarded(CLIENT),
        payload: {
          items: [{ variant_id: 'lamp-walnut', quantity: 1 }],
          successUrl: `${t.config.appUrl}/success`,
          cancelUrl: `${t.config.appUrl}/store`,
        },
      });
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) statuses.push((await checkout()).statusCode);
    // Two units held by this address, then its cap; after three checkouts, the rate limit.
    expect(statuses).toEqual([200, 200, 429, ...Array<number>(ATTEMPTS - LIMIT).fill(429)]);
    expect(await t.db.$count(orders, eq(orders.channel, 'store'))).toBe(2);
  });
});

describe('with the proxies named (TRUST_PROXY=10.0.0.0/8) or counted (TRUST_PROXY=2)', () => {
  let named: TestApp;
  let counted: TestApp;
  beforeAll(async () => {
    named = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', AUTH_RATE_LIMIT: String(LIMIT) });
    counted = await createTestApp({ TRUST_PROXY: '2', AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(async () => {
    await named.close();
    await counted.close();
  });

  const attempts = async (
    t: TestApp,
    request: () => { remoteAddress: string; forwardedFor: string },
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i += 1) {
      const { remoteAddress, forwardedFor } = request();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin: t.config.appUrl, 'x-forwarded-for': forwardedFor },
        payload: { email: 'nadie@example.com', password: 'no-es-la-clave' },
      });
      statuses.push(response.statusCode);
    }
    return statuses.filter((status) => status === 401).length;
  };

  it('takes the address the last trusted proxy appended', async () => {
    expect(
      await attempts(named, () => ({
        remoteAddress: '10.0.0.2',
        forwardedFor: `${spoof()}, ${CLIENT}, 10.0.0.1`,
      })),
    ).toBe(LIMIT);
    expect(
      await attempts(counted, () => ({
        remoteAddress: '10.0.0.2',
        forwardedFor: `${spoof()}, ${CLIENT}, 172.16.0.1`,
      })),
    ).toBe(LIMIT);
  });

  it('ignores X-Forwarded-For from an address that is not a named proxy', async () => {
    expect(
      await attempts(named, () => ({ remoteAddress: '198.51.100.1', forwardedFor: spoof() })),
    ).toBe(LIMIT);
  });
});
