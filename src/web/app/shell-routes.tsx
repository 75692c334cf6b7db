import { matchPath, Navigate, Route, Routes } from 'react-router';
import { queryClient } from '@web/lib/query-client';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';
import { panelRoutes } from './panel-routes';

const TermsPage = lazyPage(() => import('@web/features/legal/terms-page'), 'TermsPage');
const SupportPage = lazyPage(() => import('@web/features/support/support-page'), 'SupportPage');
const StoreLayout = lazyPage(() => import('@web/features/store/store-layout'), 'StoreLayout');
const StorePage = lazyPage(() => import('@web/features/store/pages/store-page'), 'StorePage');
const ProductPage = lazyPage(() => import('@web/features/store/pages/product-page'), 'ProductPage');
const LoginPage = lazyPage(() => import('@web/features/accounts/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@web/features/accounts/register-page'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(
  () => import('@web/features/accounts/forgot-password-page'),
  'ForgotPasswordPage',
);
const UpdatePasswordPage = lazyPage(
  () => import('@web/features/accounts/update-password-page'),
  'UpdatePasswordPage',
);
const AuthCallbackPage = lazyPage(
  () => import('@web/features/accounts/auth-callback-page'),
  'AuthCallbackPage',
);
const NotMePage = lazyPage(() => import('@web/features/accounts/not-me-page'), 'NotMePage');
const DashboardRedirect = lazyPage(() => import('./role-guard'), 'DashboardRedirect');
const CheckoutPage = lazyPage(() => import('@web/features/checkout/checkout-page'), 'CheckoutPage');
const SuccessPage = lazyPage(
  () => import('@web/features/checkout-success/success-page'),
  'SuccessPage',
);

/**
 * The pages whose code the first render waits for when the app opens on them
 * (main.tsx): their chunks are announced in the index.html the server answers
 * (route-preloads.ts), so they arrive with the main bundle and the page
 * paints whole instead of a spinner first. `data` is an API answer the server
 * announced too: the first render also waits for it, for up to
 * OPENING_DATA_WAIT_MS, so the page paints with its content rather than a
 * skeleton and the content a moment later. Keep in step with the routes below.
 */
const OPENING_PAGES: {
  path: string;
  pages: { preload: () => Promise<unknown> }[];
  data?: (params: Record<string, string | undefined>) => Promise<unknown>;
}[] = [
  { path: '/store', pages: [StoreLayout, StorePage] },
  {
    path: '/product/:id',
    pages: [StoreLayout, ProductPage],
    data: async ({ id = '' }) => {
      const { storeProductQuery } = await import('@web/features/store/api/use-store-products');
      await queryClient.prefetchQuery(storeProductQuery(id));
    },
  },
  { path: '/login', pages: [LoginPage] },
  { path: '/register', pages: [RegisterPage] },
  { path: '/terms', pages: [TermsPage] },
  { path: '/support', pages: [SupportPage] },
];

/** How long the first render waits for a page's announced API answer before painting without it. */
const OPENING_DATA_WAIT_MS = 1_000;

export async function preloadShellRoute(pathname: string): Promise<void> {
  for (const route of OPENING_PAGES) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const data = route.data?.(match.params);
    await Promise.all(route.pages.map((page) => page.preload()));
    if (data) {
      await Promise.race([
        data,
        new Promise((resolve) => setTimeout(resolve, OPENING_DATA_WAIT_MS)),
      ]);
    }
    return;
  }
}

/**
 * Every route but the landing page and the payment pages (`/pay/:productId`,
 * `/transfer/:orderId`, and `/success` for a payment link's order), which are
 * their own small entry (src/web/pay-main.tsx, src/shared/pay-entry.ts). This table is loaded with the app shell,
 * so the landing page's bundle does not carry it.
 */
export function ShellRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="terms" element={<TermsPage />} />
      </Route>
      <Route path="support" element={<SupportPage />} />
      <Route path="success" element={<SuccessPage />} />
      <Route path="checkout/:orderId" element={<CheckoutPage />} />
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="update-password" element={<UpdatePasswordPage />} />
      <Route path="auth/callback" element={<AuthCallbackPage />} />
      <Route path="account/not-me" element={<NotMePage />} />
      <Route path="dashboard" element={<DashboardRedirect />} />
      {panelRoutes()}
      <Route element={<StoreLayout />}>
        <Route path="store" element={<StorePage />} />
        <Route path="product/:id" element={<ProductPage />} />
      </Route>
      {/* spec 01 §2: any other path redirects to /. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
