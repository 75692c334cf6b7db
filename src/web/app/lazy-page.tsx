import { lazy, type ComponentType } from 'react';

/** A page component loaded on first visit: `lazyPage(() => import('./x-page'), 'XPage')`. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
