import { lazy, Suspense } from 'react';
import { useToasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

let needed = false;

/** Loads the Radix toaster with the first toast, so pages that never toast do not download it. */
export function ToasterHost() {
  const toasts = useToasts();
  if (toasts.length > 0) needed = true;
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
