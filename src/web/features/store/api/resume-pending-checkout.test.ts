import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toCartItem, type CartLine } from '../cart/cart-logic';
import { cartStore } from '../cart/cart-store';
import {
  checkoutLinkOf,
  listPendingCheckouts,
  PENDING_CHECKOUTS_KEY,
  savePendingCheckout,
  TAB_CHECKOUTS_KEY,
} from '../cart/pending-checkout';
import { makeProduct, makeVariant } from '../store-test-data';
import { resumePendingCheckouts } from './resume-pending-checkout';

const ORDER = '6f1c1c2e-8d1b-4a43-9a3c-2f0b8a0f4b11';
const TOKEN = 't'.repeat(43);
const BASE = `/api/store/vendemas/checkout/${ORDER}`;

function line(id: string, quantity: number): CartLine {
  const item = toCartItem(makeProduct(), makeVariant({ id, title: id }));
  return { ...item, quantity };
}

/** A copy of the cart, saved as the drawer saves it; `otherTab` leaves this tab's mark out. */
function pending(lines: CartLine[], { otherTab = false } = {}) {
  savePendingCheckout({ orderId: ORDER, token: TOKEN, lines, startedAt: '2026-01-01T00:00:00Z' });
  if (otherTab) sessionStorage.removeItem(TAB_CHECKOUTS_KEY);
}

type Answer = { status: number; body?: unknown };

/** Answers the summary with `status` (or `summary`), and the cancel with `cancel`. */
function stubServer({
  summary,
  cancel = { status: 200, body: { redirect_url: '/store' } },
}: {
  summary: Answer;
  cancel?: Answer;
}) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const answer = init?.method === 'POST' ? cancel : summary;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const withStatus = (status: string): Answer => ({ status: 200, body: { id: ORDER, status } });
const calls = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);

beforeEach(() => {
  sessionStorage.clear();
  cartStore.reload();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('giving the cart back after a checkout that was not completed', () => {
  it('reads the order id and token only from our own hosted checkout address', () => {
    const origin = 'http://localhost:3000';
    expect(checkoutLinkOf(`${origin}/checkout/${ORDER}?token=${TOKEN}`, origin)).toEqual({
      orderId: ORDER,
      token: TOKEN,
    });
    expect(checkoutLinkOf(`/checkout/${ORDER}?token=${TOKEN}`, origin)).toEqual({
      orderId: ORDER,
      token: TOKEN,
    });
    expect(checkoutLinkOf(`https://pay.example.com/checkout/${ORDER}?token=x`, origin)).toBeNull();
    expect(checkoutLinkOf(`${origin}/checkout/${ORDER}`, origin)).toBeNull();
  });

  it('cancels an open order this tab went to, then restores its lines and forgets the copy', async () => {
    pending([line('a', 2), line('b', 1)]);
    const fetchMock = stubServer({ summary: withStatus('reserved') });
    expect(await resumePendingCheckouts()).toEqual(['restored']);
    expect(calls(fetchMock)).toEqual([`GET ${BASE}?token=${TOKEN}`, `POST ${BASE}/cancel`]);
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ token: TOKEN });
    expect(cartStore.getLines().map((l) => [l.variant.id, l.quantity])).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect(localStorage.getItem(PENDING_CHECKOUTS_KEY)).toBeNull();
    expect(sessionStorage.getItem(TAB_CHECKOUTS_KEY)).toBeNull();
  });

  it('leaves an open order alone when another tab went to it: that checkout may still be paid', async () => {
    pending([line('a', 2)], { otherTab: true });
    const fetchMock = stubServer({ summary: withStatus('reserved') });
    expect(await resumePendingCheckouts()).toEqual(['kept']);
    expect(calls(fetchMock)).toEqual([`GET ${BASE}?token=${TOKEN}`]);
    expect(cartStore.getLines()).toEqual([]);
    expect(listPendingCheckouts()).toHaveLength(1);
  });

  it.each(['expired', 'cancelled'])(
    'restores the lines of an order that is %s, from any tab, without cancelling',
    async (status) => {
      pending([line('a', 3)], { otherTab: true });
      const fetchMock = stubServer({ summary: withStatus(status) });
      expect(await resumePendingCheckouts()).toEqual(['restored']);
      expect(calls(fetchMock)).toEqual([`GET ${BASE}?token=${TOKEN}`]);
      expect(cartStore.getLines()[0]).toMatchObject({ variant: { id: 'a' }, quantity: 3 });
      expect(listPendingCheckouts()).toEqual([]);
    },
  );

  it.each(['paid', 'pending_transfer'])(
    'never cancels nor restores an order that is %s, and forgets the copy',
    async (status) => {
      pending([line('a', 1)]);
      const fetchMock = stubServer({ summary: withStatus(status) });
      expect(await resumePendingCheckouts()).toEqual(['dropped']);
      expect(calls(fetchMock)).toEqual([`GET ${BASE}?token=${TOKEN}`]);
      expect(cartStore.getLines()).toEqual([]);
      expect(listPendingCheckouts()).toEqual([]);
    },
  );

  it('does not restore when the cancel answers 409 (a payment or a transfer came first)', async () => {
    pending([line('a', 1)]);
    stubServer({
      summary: withStatus('reserved'),
      cancel: {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This order can no longer be paid.' } },
      },
    });
    expect(await resumePendingCheckouts()).toEqual(['dropped']);
    expect(cartStore.getLines()).toEqual([]);
    expect(listPendingCheckouts()).toEqual([]);
  });

  it('restores the lines of an order the server no longer knows', async () => {
    pending([line('a', 1)]);
    stubServer({
      summary: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'This checkout link is not valid.' } },
      },
    });
    expect(await resumePendingCheckouts()).toEqual(['restored']);
    expect(cartStore.getLines()).toHaveLength(1);
  });

  it('keeps the copy for later when the server cannot be reached or fails', async () => {
    pending([line('a', 1)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect(await resumePendingCheckouts()).toEqual(['kept']);
    stubServer({ summary: withStatus('reserved'), cancel: { status: 503 } });
    expect(await resumePendingCheckouts()).toEqual(['kept']);
    expect(cartStore.getLines()).toEqual([]);
    expect(listPendingCheckouts()).toHaveLength(1);
  });

  it('merges the lines into what the visitor added meanwhile, without doubling a variant', async () => {
    const added = line('b', 1);
    cartStore.add(added.product, added.variant, 1);
    const again = line('a', 1);
    cartStore.add(again.product, again.variant, 3);
    pending([line('a', 2), line('c', 1)], { otherTab: true });
    stubServer({ summary: withStatus('expired') });
    await resumePendingCheckouts();
    expect(cartStore.getLines().map((l) => [l.variant.id, l.quantity])).toEqual([
      ['b', 1],
      ['a', 3],
      ['c', 1],
    ]);
  });

  it('runs one after the other when a page load and a back-forward restore ask together', async () => {
    pending([line('a', 1)]);
    const fetchMock = stubServer({ summary: withStatus('expired') });
    const [first, second] = await Promise.all([resumePendingCheckouts(), resumePendingCheckouts()]);
    expect(first).toEqual(['restored']);
    expect(second).toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cartStore.getLines()).toHaveLength(1);
  });
});
