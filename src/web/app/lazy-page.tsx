import { createElement, lazy, useState, type ComponentType } from 'react';

type ComponentOf<C> = C extends ComponentType<infer P> ? ComponentType<P> : never;

export type LazyPage<M, K extends keyof M> = ComponentOf<M[K]> & {
  /** Starts loading the module (once); resolves with it. */
  preload: () => Promise<M>;
};

/**
 * A component loaded on first render: `lazyPage(() => import('./x-page'), 'XPage')`.
 * `preload()` loads it ahead of that; a page whose code is in by its first
 * render renders at once instead of suspending, so it paints in one pass with
 * no spinner in between (main.tsx preloads the opening page's code).
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPage<M, K> {
  type Props = Record<string, unknown>;
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name] as ComponentType<Props>;
        return module;
      },
      (error: unknown) => {
        // A failed chunk can be asked for again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<Props> };
  });
  function LazyPageComponent(props: Props) {
    // Chosen once per instance, so a page that started suspending is never remounted.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Suspending);
    return createElement(Component, props);
  }
  return Object.assign(LazyPageComponent as unknown as ComponentOf<M[K]>, { preload });
}
