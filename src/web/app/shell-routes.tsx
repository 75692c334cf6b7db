import { Navigate, Route, Routes } from 'react-router';
import { lazyPage } from './lazy-page';
import { PublicLayout } from './layouts/public-layout';

const TermsPage = lazyPage(() => import('@web/features/legal/terms-page'), 'TermsPage');
const SupportPage = lazyPage(() => import('@web/features/support/support-page'), 'SupportPage');
const StoreLayout = lazyPage(() => import('./layouts/store-layout'), 'StoreLayout');
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
const DashboardRedirect = lazyPage(
  () => import('@web/features/panels/role-guard'),
  'DashboardRedirect',
);
const CompanyPanel = lazyPage(() => import('@web/features/panels/panel-layout'), 'CompanyPanel');
const SellerPanel = lazyPage(() => import('@web/features/panels/panel-layout'), 'SellerPanel');
const AdminPanel = lazyPage(() => import('@web/features/panels/panel-layout'), 'AdminPanel');
const CompanyHome = lazyPage(() => import('@web/features/panels/panel-home'), 'CompanyHome');
const SellerHome = lazyPage(() => import('@web/features/panels/panel-home'), 'SellerHome');
const AdminHome = lazyPage(() => import('@web/features/panels/panel-home'), 'AdminHome');
const SectionPlaceholder = lazyPage(
  () => import('@web/features/panels/section-placeholder'),
  'SectionPlaceholder',
);
const AdminSupportPage = lazyPage(
  () => import('@web/features/panels/admin-support-page'),
  'AdminSupportPage',
);
const CheckoutPage = lazyPage(() => import('@web/features/checkout/checkout-page'), 'CheckoutPage');
const SuccessPage = lazyPage(
  () => import('@web/features/checkout-success/success-page'),
  'SuccessPage',
);

/**
 * Every route but the landing page. This table is loaded with the app shell,
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
      <Route path="dashboard" element={<DashboardRedirect />} />
      {/* spec 02 §2: the panels; sections say plainly when their content is not built yet. */}
      <Route path="company" element={<CompanyPanel />}>
        <Route index element={<CompanyHome />} />
        <Route path="products" element={<SectionPlaceholder />} />
        <Route path="orders" element={<SectionPlaceholder />} />
        <Route path="sellers" element={<SectionPlaceholder />} />
        <Route path="payment-gateways" element={<SectionPlaceholder />} />
        <Route path="settings" element={<SectionPlaceholder />} />
        <Route path="*" element={<Navigate to="/company" replace />} />
      </Route>
      <Route path="seller" element={<SellerPanel />}>
        <Route index element={<SellerHome />} />
        <Route path="products" element={<SectionPlaceholder />} />
        <Route path="orders" element={<SectionPlaceholder />} />
        <Route path="settings" element={<SectionPlaceholder />} />
        <Route path="*" element={<Navigate to="/seller" replace />} />
      </Route>
      <Route path="admin" element={<AdminPanel />}>
        <Route index element={<AdminHome />} />
        <Route path="support" element={<AdminSupportPage />} />
        <Route path="orders" element={<SectionPlaceholder />} />
        <Route path="products" element={<SectionPlaceholder />} />
        <Route path="users" element={<SectionPlaceholder />} />
        <Route path="leaderboard" element={<SectionPlaceholder />} />
        <Route path="settings" element={<SectionPlaceholder />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Route>
      <Route element={<StoreLayout />}>
        <Route path="store" element={<StorePage />} />
        <Route path="product/:id" element={<ProductPage />} />
      </Route>
      {/* spec 01 §2: any other path redirects to /. */}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
