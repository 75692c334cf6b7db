import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { queryClient } from '@web/lib/query-client';
import { ErrorBoundary } from './error-boundary';
import { ShellRoutes } from './shell-routes';

export { preloadShellRoute } from './shell-routes';

/**
 * Everything but the landing page renders inside this shell. It is loaded
 * lazily, so the landing page downloads neither TanStack Query nor the route table.
 */
export function AppShell() {
  const location = useLocation();
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageSpinner />}>
          <ShellRoutes />
        </Suspense>
      </ErrorBoundary>
    </QueryClientProvider>
  );
}
