import { describe, expect, it } from 'vitest';
import { containsNul, jsonDepthExceeds, MAX_JSON_DEPTH } from './input-guard';

describe('jsonDepthExceeds', () => {
  const nest = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

  it('allows the limit and refuses one level more', () => {
    expect(jsonDepthExceeds(nest(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nest(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`{"a":${nest(100_000)}}`)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(JSON.stringify({ text: '['.repeat(1_000) }))).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ text: `\\"${'{'.repeat(1_000)}` }))).toBe(false);
  });
});

describe('containsNul', () => {
  it('finds a NUL in any string or key, however deep', () => {
    expect(containsNul({ a: [{ b: 'ok' }, 'x\u0000'] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(containsNul(deep)).toBe(true);
  });

  it('passes clean values', () => {
    expect(containsNul({ a: ['ñandú', 1, null, true], b: { c: '🙂' } })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
