import { randomBytes } from 'node:crypto';

/** A day, in milliseconds. */
export const DAY = 86_400_000;

/** mulberry32: a small seeded generator, so a volume can be made again. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export type VolumeRandom = ReturnType<typeof generator>;

/** Stable ids in Better Auth's style (32 URL-safe characters). */
export function userId(): string {
  return randomBytes(24).toString('base64url');
}
