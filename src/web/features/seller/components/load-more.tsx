import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';

/** A button that also loads by itself when it scrolls into view (infinite scroll). */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
  label,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  label: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  useEffect(() => {
    load.current = onLoad;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={ref} className="mt-6 flex justify-center">
      {loading ? (
        <Spinner />
      ) : (
        <Button variant="outline" onClick={onLoad}>
          {label}
        </Button>
      )}
    </div>
  );
}

/** `value`, once it stopped changing for `delay` ms (search as you type). */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
