import { lazy, type ComponentType } from 'react';

type ComponentOf<C> = C extends ComponentType<infer P> ? ComponentType<P> : never;

/** A component loaded on first render: `lazyPage(() => import('./x-page'), 'XPage')`. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentOf<M[K]> }));
}
