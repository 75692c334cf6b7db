import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApi } from './use-api';

type Order = { status: string };

/** A fetch that answers each call with the next of `answers` (an Error: the network failed). */
function answering(answers: (Order | Error)[]) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string) => {
    calls.push(url);
    const next = answers.shift() ?? new Error('no more answers');
    if (next instanceof Error) throw next;
    return new Response(JSON.stringify(next), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const waiting = (order: Order) => order.status === 'pending_transfer';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useApi (the payment pages’ data)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setVisibility('visible');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads again while the answer may change, and stops when it no longer can', async () => {
    const calls = answering([
      { status: 'pending_transfer' },
      { status: 'pending_transfer' },
      { status: 'approved' },
    ]);
    const { result } = renderHook(() =>
      useApi<Order>('/api/public/orders/o1?token=t', { pollMs: 1000, keepPolling: waiting }),
    );
    expect(result.current.status).toBe('pending');
    await waitFor(() => expect(result.current.data?.status).toBe('pending_transfer'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(result.current.data?.status).toBe('approved'));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls).toHaveLength(3);
  });

  it('keeps the last answer on screen when a re-read fails, and tries again', async () => {
    const calls = answering([
      { status: 'pending_transfer' },
      new TypeError('offline'),
      { status: 'approved' },
    ]);
    const { result } = renderHook(() =>
      useApi<Order>('/api/x', { pollMs: 1000, keepPolling: waiting }),
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(2);
    expect(result.current).toMatchObject({
      status: 'success',
      data: { status: 'pending_transfer' },
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(result.current.data?.status).toBe('approved'));
  });

  it('refresh reads the answer again without going back to pending', async () => {
    const calls = answering([{ status: 'price 1' }, { status: 'price 2' }]);
    const { result } = renderHook(() => useApi<Order>('/api/public/pay/p1'));
    await waitFor(() => expect(result.current.data?.status).toBe('price 1'));
    const seen: string[] = [];
    const refreshing = act(() => result.current.refresh());
    seen.push(result.current.status);
    await refreshing;
    seen.push(result.current.status);
    expect(seen).toEqual(['success', 'success']);
    expect(result.current.data?.status).toBe('price 2');
    expect(calls).toEqual(['/api/public/pay/p1', '/api/public/pay/p1']);
  });

  it('reports a first read that fails', async () => {
    answering([new TypeError('offline')]);
    const { result } = renderHook(() => useApi<Order>('/api/x'));
    await waitFor(() => expect(result.current.status).toBe('error'));
  });

  it('waits while the tab is hidden and reads at once when it shows again', async () => {
    const calls = answering([{ status: 'pending_transfer' }, { status: 'approved' }]);
    const { result } = renderHook(() =>
      useApi<Order>('/api/x', { pollMs: 1000, keepPolling: waiting }),
    );
    await waitFor(() => expect(result.current.status).toBe('success'));
    setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls).toHaveLength(1);
    act(() => setVisibility('visible'));
    await waitFor(() => expect(result.current.data?.status).toBe('approved'));
    expect(calls).toHaveLength(2);
  });

  it('asks nothing without an address', async () => {
    const calls = answering([]);
    const { result } = renderHook(() => useApi<Order>(null));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls).toHaveLength(0);
    expect(result.current.status).toBe('pending');
  });
});
