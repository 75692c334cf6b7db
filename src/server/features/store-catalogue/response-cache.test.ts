import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache';

describe('ResponseCache', () => {
  it('shares one load between concurrent misses and serves the cached answer within the TTL', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResponseCache<string>(1000, 10, () => now);
    const load = async () => `v${++loads}`;
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual(['v1', 'v1']);
    now = 999;
    expect(await cache.get('k', load)).toBe('v1');
    expect(loads).toBe(1);
  });

  it('serves the stale answer once while refreshing in the background', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ResponseCache<string>(1000, 10, () => now);
    const load = async () => `v${++loads}`;
    await cache.get('k', load);
    now = 1000;
    expect(await cache.get('k', load)).toBe('v1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await cache.get('k', load)).toBe('v2');
  });

  it('forgets everything on clear, including loads that were in flight', async () => {
    let loads = 0;
    const cache = new ResponseCache<string>(60_000);
    let release!: () => void;
    const slow = () =>
      new Promise<string>((resolve) => {
        release = () => resolve(`v${++loads}`);
      });
    const inFlight = cache.get('k', slow);
    cache.clear();
    release();
    expect(await inFlight).toBe('v1');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('does not keep failures and evicts the oldest keys past its size', async () => {
    const cache = new ResponseCache<string>(60_000, 2);
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('bad', async () => 'ok')).toBe('ok');
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    expect(await cache.get('bad', async () => 'reloaded')).toBe('reloaded');
  });

  it('with a TTL of 0 always loads', async () => {
    let loads = 0;
    const cache = new ResponseCache<string>(0);
    await cache.get('k', async () => `v${++loads}`);
    await cache.get('k', async () => `v${++loads}`);
    expect(loads).toBe(2);
  });
});
