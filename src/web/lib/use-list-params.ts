import { useSearchParams } from 'react-router';

/**
 * A list's filters and page, kept in the address so a filtered view can be
 * bookmarked, shared and reloaded (like the orders filters). Changing a filter
 * goes back to the first page.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as Record<
    K,
    string
  >;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const set = (next: Partial<Record<K | 'page', string>>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value as string);
      else merged.delete(key);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };
  const clear = () =>
    set(Object.fromEntries(keys.map((key) => [key, ''])) as Partial<Record<K | 'page', string>>);
  const filtered = keys.some((key) => values[key] !== '');
  return { values, page, set, clear, filtered };
}
