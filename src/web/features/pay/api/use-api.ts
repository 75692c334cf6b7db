import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '@web/lib/api-client';

export type ApiState<T> =
  | { status: 'pending'; data?: undefined; error?: undefined }
  | { status: 'error'; error: unknown; data?: undefined }
  | { status: 'success'; data: T; error?: undefined };

export interface PollOptions<T> {
  /** Read the answer again after this many milliseconds… */
  pollMs?: number;
  /** …for as long as this says the answer may still change. */
  keepPolling?: (data: T) => boolean;
}

/**
 * GET `url` from our API (nothing while it is null). With `pollMs` the answer
 * is read again while `keepPolling` holds: only while the tab is visible, and
 * at once when it becomes visible again. A failed re-read keeps the last
 * answer on screen and tries again on the next tick.
 *
 * The payment pages' whole data layer: a query library would add a sixth of
 * the pay page's JavaScript budget for two GETs (docs/architecture.md, "The
 * web app").
 */
export function useApi<T>(
  url: string | null,
  options: PollOptions<T> = {},
): ApiState<T> & {
  /** Reads the answer again, keeping the current one on screen meanwhile; resolves when done. */
  refresh: () => Promise<void>;
} {
  const [state, setState] = useState<ApiState<T>>({ status: 'pending' });
  const keepPolling = useRef(options.keepPolling);
  const pollMs = options.pollMs ?? 0;

  useEffect(() => {
    keepPolling.current = options.keepPolling;
  });

  useEffect(() => {
    if (!url) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last: T | undefined;
    let waitingForVisibility = false;

    const schedule = () => {
      if (cancelled || !pollMs || last === undefined) return;
      if (!(keepPolling.current?.(last) ?? true)) return;
      timer = setTimeout(() => {
        if (document.visibilityState === 'hidden') waitingForVisibility = true;
        else void read();
      }, pollMs);
    };
    const read = async () => {
      try {
        const data = await apiRequest<T>(url);
        if (cancelled) return;
        last = data;
        setState({ status: 'success', data });
      } catch (error) {
        if (cancelled) return;
        if (last === undefined) {
          setState({ status: 'error', error });
          return;
        }
      }
      schedule();
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !waitingForVisibility) return;
      waitingForVisibility = false;
      void read();
    };

    setState({ status: 'pending' });
    void read();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [url, pollMs]);

  const refresh = useCallback(async () => {
    if (!url) return;
    try {
      const data = await apiRequest<T>(url);
      setState({ status: 'success', data });
    } catch {
      // The answer on screen stays; the caller's own message says what happened.
    }
  }, [url]);

  return { ...state, refresh };
}
