import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { ToasterHost } from '@web/components/ui/toaster-host';
import { LandingPage } from '@web/features/landing/landing-page';
import { ErrorBoundary } from './error-boundary';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';

const AppShell = lazyPage(() => import('./app-shell'), 'AppShell');
const TermsPage = lazyPage(() => import('@web/features/legal/terms-page'), 'TermsPage');
const SupportPage = lazyPage(() => import('@web/features/support/support-page'), 'SupportPage');
const StoreLayout = lazyPage(() => import('./layouts/store-layout'), 'StoreLayout');
const StorePage = lazyPage(() => import('@web/features/store/pages/store-page'), 'StorePage');
const ProductPage = lazyPage(
  () => import('@web/features/store/pages/product-page'),
  'ProductPage',
);
const SuccessPage = lazyPage(
  () => import('@web/features/checkout-success/success-page'),
  'SuccessPage',
);

/**
 * The route table. Declarative routes keep React Router's share of the landing
 * bundle small (the data router adds ~16 KB gzip); every page but the landing is lazy.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<LandingPage />} />
          </Route>
          <Route element={<AppShell />}>
            <Route element={<PublicLayout />}>
              <Route path="terms" element={<TermsPage />} />
            </Route>
            <Route path="support" element={<SupportPage />} />
            <Route path="success" element={<SuccessPage />} />
            <Route element={<StoreLayout />}>
              <Route path="store" element={<StorePage />} />
              <Route path="product/:id" element={<ProductPage />} />
            </Route>
          </Route>
          {/* spec 01 §2: any other path redirects to /. */}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
      <ToasterHost />
    </ErrorBoundary>
  );
}
