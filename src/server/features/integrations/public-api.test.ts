import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES, PUBLIC_API_MESSAGES } from '@shared/integrations/public-api.schema';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { callApi, createApiKeyFor } from '../../../../tests/factories/api-keys';
import {
  companyCall,
  createPayWorld,
  moveOrder,
  placeTransferOrder,
  type PayWorld,
} from '../../../../tests/factories/pay-world';
import { createTestApp, UNLIMITED_PAY_ENV, type TestApp } from '../../../../tests/setup/test-app';

describe('the public API /api/v1: paging, products, idempotency and the rate limit', () => {
  let t: TestApp;
  let world: PayWorld;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, API_KEY_RATE_LIMIT: '1000' });
    world = await createPayWorld(t);
    ({ key } = await createApiKeyFor(t, world.company));
  });
  afterAll(() => t.close());

  /** Every order the cursor gives, page after page, from `cursor` on. */
  async function drain(query: string, cursor?: string) {
    const seen: { id: string; status: string }[] = [];
    let next = cursor;
    for (;;) {
      const page = await callApi(
        t,
        key,
        'GET',
        `/orders?limit=2${query}${next ? `&cursor=${next}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      const body = page.json();
      seen.push(...body.data.map((order: { id: string; status: string }) => order));
      next = body.next_cursor ?? undefined;
      if (!body.has_more) return { seen, cursor: next };
    }
  }

  /**
   * The feed shows a change once every older writing transaction on the server
   * has finished (change-feed.ts); on a shared PostgreSQL server other tests'
   * transactions may hold it back a moment, as a busy server would.
   */
  async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const until = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > until) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('pages orders in change order and, from a kept cursor, gives exactly what changed since', async () => {
    const first = await placeTransferOrder(t, world);
    const second = await placeTransferOrder(t, world);
    const third = await placeTransferOrder(t, world);
    const all = await settled(
      () => drain(''),
      (page) => page.seen.length >= 3,
    );
    expect(all.seen.map((order) => order.id)).toEqual([first, second, third]);
    expect(all.cursor).toBeTruthy();

    // Nothing changed: the same cursor comes back, with nothing in it.
    const idle = await drain('', all.cursor);
    expect(idle).toEqual({ seen: [], cursor: all.cursor });

    await moveOrder(t, first, 'approved');
    const fourth = await placeTransferOrder(t, world);
    const since = await settled(
      () => drain('', all.cursor),
      (page) => page.seen.length >= 2,
    );
    expect(since.seen).toEqual([
      expect.objectContaining({ id: first, status: 'approved' }),
      expect.objectContaining({ id: fourth, status: 'pending_transfer' }),
    ]);

    const approved = await settled(
      () => drain('&status=approved'),
      (page) => page.seen.length >= 1,
    );
    expect(approved.seen.map((order) => order.id)).toEqual([first]);
    expect((await drain('&channel=store')).seen).toEqual([]);
    const future = await callApi(t, key, 'GET', '/orders?updated_since=2100-01-01T00:00:00Z');
    expect(future.json().data).toEqual([]);
  });

  it('answers an order as the panel does', async () => {
    const orderId = await placeTransferOrder(t, world);
    const panel = await companyCall(t, world.company, 'GET', `/orders?page_size=1`);
    const api = await callApi(t, key, 'GET', `/orders/${orderId}`);
    expect(api.json()).toEqual(panel.json().items[0]);
  });

  it('refuses a malformed cursor or limit with a 400, not a 500', async () => {
    const cursor = await callApi(t, key, 'GET', '/orders?cursor=bm9wZQ');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.message).toBe(PUBLIC_API_MESSAGES.cursorInvalid);
    expect((await callApi(t, key, 'GET', '/orders?limit=101')).statusCode).toBe(400);
    expect((await callApi(t, key, 'GET', '/products?updated_since=ayer')).statusCode).toBe(400);
  });

  it('changes stock and activity with the panel rules, and refuses a price change as the panel does', async () => {
    const patched = await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 7, is_active: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ stock: 7, is_active: false });
    const panel = await companyCall(t, world.company, 'GET', `/products/${world.productId}`);
    expect(panel.json()).toEqual(patched.json());

    const price = await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
      payload: { price_cents: 1 },
    });
    const panelPrice = await companyCall(
      t,
      world.company,
      'PATCH',
      `/products/${world.productId}`,
      {
        price_cents: 1,
      },
    );
    expect(price.statusCode).toBe(400);
    expect(price.json()).toEqual(panelPrice.json());
    expect(price.json().error.message).toBe(PRODUCT_MESSAGES.lockedFields);
    expect(
      (
        await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
          payload: { stock: -1 },
        })
      ).statusCode,
    ).toBe(400);

    const listed = await settled(
      () => callApi(t, key, 'GET', '/products'),
      (page) => page.json().data.length >= 1,
    );
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: world.productId, stock: 7 }),
    ]);
    await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
      payload: { is_active: true },
    });
  });

  it('answers the first result again for the same Idempotency-Key and body, and 422 for another body', async () => {
    const patch = (stock: number, idempotencyKey: string) =>
      callApi(t, key, 'PATCH', `/products/${world.productId}`, {
        payload: { stock },
        headers: { 'idempotency-key': idempotencyKey },
      });
    const first = await patch(11, 'stock-2026-03-01-a');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // Someone changes the stock in the panel meanwhile: a replay does not run again.
    await companyCall(t, world.company, 'PATCH', `/products/${world.productId}`, { stock: 3 });
    const again = await patch(11, 'stock-2026-03-01-a');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const panel = await companyCall(t, world.company, 'GET', `/products/${world.productId}`);
    expect(panel.json().stock).toBe(3);

    const other = await patch(12, 'stock-2026-03-01-a');
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toEqual({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: IDEMPOTENCY_MESSAGES.keyReused,
    });
    const tooLong = await patch(12, 'x'.repeat(256));
    expect(tooLong.statusCode).toBe(400);
    // Another key of the same company has keys of its own.
    const { key: second } = await createApiKeyFor(t, world.company, ['products:write']);
    const fromSecond = await callApi(t, second, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 12 },
      headers: { 'idempotency-key': 'stock-2026-03-01-a' },
    });
    expect(fromSecond.statusCode).toBe(200);
    expect(fromSecond.json().stock).toBe(12);
  });

  it('keeps Idempotency-Key on the panel routes too (/api/company)', async () => {
    const create = (title: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/company/products',
        headers: {
          cookie: world.company.cookie,
          origin: t.config.appUrl,
          'idempotency-key': 'alta-mate-1',
        },
        payload: { title, price_cents: 250_000, stock: 5, commission_bps: 500 },
      });
    const first = await create('Mate de calabaza');
    expect(first.statusCode).toBe(201);
    const again = await create('Mate de calabaza');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const list = await companyCall(t, world.company, 'GET', '/products?q=Mate');
    expect(list.json().total).toBe(1);
    expect((await create('Mate de madera')).statusCode).toBe(422);
  });

  it('does not keep a refusal of the moment: after a 403 the same key runs once allowed', async () => {
    const { key: reader } = await createApiKeyFor(t, world.company, ['products:read']);
    const refused = await callApi(t, reader, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 9 },
      headers: { 'idempotency-key': 'k-403' },
    });
    expect(refused.statusCode).toBe(403);
    const ran = await callApi(t, key, 'PATCH', `/products/${world.productId}`, {
      payload: { stock: 9 },
      headers: { 'idempotency-key': 'k-403' },
    });
    expect(ran.statusCode).toBe(200);
    expect(ran.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('API_KEY_RATE_LIMIT', () => {
  let t: TestApp;
  let world: PayWorld;
  beforeAll(async () => {
    t = await createTestApp({ ...UNLIMITED_PAY_ENV, API_KEY_RATE_LIMIT: '3' });
    world = await createPayWorld(t);
  });
  afterAll(() => t?.close());

  it('answers 429 with Retry-After past the limit, per key', async () => {
    const { key } = await createApiKeyFor(t, world.company);
    const { key: other } = await createApiKeyFor(t, world.company);
    for (let i = 0; i < 3; i += 1) {
      expect((await callApi(t, key, 'GET', '/orders')).statusCode).toBe(200);
    }
    const limited = await callApi(t, key, 'GET', `/products/${world.productId}`);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await callApi(t, other, 'GET', '/orders')).statusCode).toBe(200);
  });
});
