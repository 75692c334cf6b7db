import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { ToasterHost } from '@web/components/ui/toaster-host';
import { LandingPage } from '@web/features/landing/landing-page';
import { ErrorBoundary } from './error-boundary';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';

const AppShell = lazyPage(() => import('./app-shell'), 'AppShell');

/**
 * Loads the code of the page the app opens on (beyond the main bundle), so
 * the first render can paint it whole. Nothing to wait for on the landing page.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  if (pathname === '/') return;
  const shell = await AppShell.preload();
  await shell.preloadShellRoute(pathname);
}

/**
 * The top of the route table: the landing page in the main bundle, every other
 * path in the lazily loaded app shell (see shell-routes.tsx). Declarative
 * routes keep React Router's share of the landing bundle small (the data
 * router adds ~16 KB gzip).
 */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<LandingPage />} />
          </Route>
          <Route path="*" element={<AppShell />} />
        </Routes>
      </Suspense>
      <ToasterHost />
    </ErrorBoundary>
  );
}
