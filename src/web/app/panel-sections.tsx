import {
  BarChart3,
  Building2,
  CreditCard,
  LayoutDashboard,
  Landmark,
  LifeBuoy,
  Package,
  PlugZap,
  Receipt,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  ShoppingBag,
  Target,
  Trophy,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';
import type { ComponentType } from 'react';
import type { Role } from '@shared/accounts/accounts.schema';
import { lazyPage } from './lazy-page';

export interface PanelSection {
  /** Relative to the panel's home; '' is the home itself. */
  path: string;
  label: string;
  icon: LucideIcon;
  /** The section's page, loaded on first visit; without one the section says it is not built yet. */
  page?: ComponentType;
}

const CompanyHome = lazyPage(() => import('@web/features/dashboard/panel-home'), 'CompanyHome');
const SellerDashboardPage = lazyPage(
  () => import('@web/features/seller/seller-dashboard-page'),
  'SellerDashboardPage',
);
const CataloguePage = lazyPage(
  () => import('@web/features/seller/catalogue-page'),
  'CataloguePage',
);
const SalesPage = lazyPage(() => import('@web/features/seller/sales-page'), 'SalesPage');
const GoalsPage = lazyPage(() => import('@web/features/seller/goals-page'), 'GoalsPage');
const RankingPage = lazyPage(() => import('@web/features/seller/ranking-page'), 'RankingPage');
const SellerSettingsPage = lazyPage(
  () => import('@web/features/seller/settings-page'),
  'SettingsPage',
);
const AdminHome = lazyPage(() => import('@web/features/dashboard/panel-home'), 'AdminHome');
const ProductsPage = lazyPage(() => import('@web/features/products/products-page'), 'ProductsPage');
const PaymentGatewaysPage = lazyPage(
  () => import('@web/features/payment-gateways/payment-gateways-page'),
  'PaymentGatewaysPage',
);
const CompanySettingsPage = lazyPage(
  () => import('@web/features/company-settings/company-settings-page'),
  'CompanySettingsPage',
);
const CompanySellersPage = lazyPage(
  () => import('@web/features/company-settings/company-sellers-page'),
  'CompanySellersPage',
);
const CompanyOrdersPage = lazyPage(
  () => import('@web/features/company-orders/company-orders-page'),
  'CompanyOrdersPage',
);
const AdminOrdersPage = lazyPage(
  () => import('@web/features/admin-panel/admin-orders-page'),
  'AdminOrdersPage',
);
const AdminProductsPage = lazyPage(
  () => import('@web/features/admin-panel/admin-products-page'),
  'AdminProductsPage',
);
const AdminUsersPage = lazyPage(
  () => import('@web/features/admin-panel/admin-users-page'),
  'AdminUsersPage',
);
const AdminLeaderboardPage = lazyPage(
  () => import('@web/features/admin-panel/admin-leaderboard-page'),
  'AdminLeaderboardPage',
);
const AdminAuditPage = lazyPage(
  () => import('@web/features/admin-panel/admin-audit-page'),
  'AdminAuditPage',
);
const AdminSettingsPage = lazyPage(
  () => import('@web/features/admin-panel/admin-settings-page'),
  'AdminSettingsPage',
);
const CompanySettlementsPage = lazyPage(
  () => import('./company-settlements-section'),
  'CompanySettlementsSection',
);
const AdminSettlementsPage = lazyPage(
  () => import('@web/features/settlements/admin-settlements-page'),
  'AdminSettlementsPage',
);
const SellerPayoutsPage = lazyPage(
  () => import('@web/features/settlements/seller-payouts-page'),
  'SellerPayoutsPage',
);
const AdminPayoutsPage = lazyPage(
  () => import('@web/features/settlements/admin-payouts-page'),
  'AdminPayoutsPage',
);
const AdminInvoicingPage = lazyPage(
  () => import('@web/features/invoicing/admin-invoicing-page'),
  'AdminInvoicingPage',
);
const SellerStatisticsPage = lazyPage(
  () => import('@web/features/analytics/analytics-view'),
  'SellerStatisticsPage',
);
const CompanyStatisticsPage = lazyPage(
  () => import('@web/features/analytics/analytics-view'),
  'CompanyStatisticsPage',
);
const AdminStatisticsPage = lazyPage(
  () => import('@web/features/analytics/analytics-view'),
  'AdminStatisticsPage',
);
const IntegrationsPage = lazyPage(
  () => import('@web/features/integrations/integrations-page'),
  'IntegrationsPage',
);
const SecurityPage = lazyPage(
  () => import('@web/features/accounts/security/security-page'),
  'SecurityPage',
);
const RiskPage = lazyPage(() => import('@web/features/risk/risk-page'), 'RiskPage');
const AdminSupportPage = lazyPage(
  () => import('@web/features/support/admin-support-page'),
  'AdminSupportPage',
);

/** Every panel's Seguridad page: the password, the second factor and the sessions. */
export const SECURITY_SECTION: PanelSection = {
  path: 'security',
  label: 'Seguridad',
  icon: ShieldCheck,
  page: SecurityPage,
};

/**
 * spec 02 §2: the sections of each panel, in sidebar order. Both the sidebar
 * and the panel routes are generated from this table, so a new panel page is
 * one entry here. It is loaded with the app shell, never with the landing page.
 */
export const PANEL_SECTIONS: Record<Role, PanelSection[]> = {
  company: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard, page: CompanyHome },
    { path: 'products', label: 'Mis Productos', icon: Package, page: ProductsPage },
    { path: 'orders', label: 'Pedidos', icon: ShoppingBag, page: CompanyOrdersPage },
    { path: 'sellers', label: 'Vendedores', icon: Users, page: CompanySellersPage },
    { path: 'statistics', label: 'Estadísticas', icon: BarChart3, page: CompanyStatisticsPage },
    { path: 'settlements', label: 'Liquidaciones', icon: Landmark, page: CompanySettlementsPage },
    {
      path: 'payment-gateways',
      label: 'Pasarelas de Pago',
      icon: CreditCard,
      page: PaymentGatewaysPage,
    },
    {
      path: 'settings',
      label: 'Configuración de la Empresa',
      icon: Settings,
      page: CompanySettingsPage,
    },
    { path: 'integrations', label: 'Integraciones', icon: PlugZap, page: IntegrationsPage },
    SECURITY_SECTION,
  ],
  seller: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard, page: SellerDashboardPage },
    { path: 'products', label: 'Catálogo', icon: Package, page: CataloguePage },
    { path: 'orders', label: 'Mis Ventas', icon: ShoppingBag, page: SalesPage },
    { path: 'statistics', label: 'Estadísticas', icon: BarChart3, page: SellerStatisticsPage },
    { path: 'payouts', label: 'Mis Cobros', icon: Wallet, page: SellerPayoutsPage },
    { path: 'goals', label: 'Metas', icon: Target, page: GoalsPage },
    { path: 'ranking', label: 'Ranking', icon: Trophy, page: RankingPage },
    { path: 'settings', label: 'Configuración', icon: Settings, page: SellerSettingsPage },
    SECURITY_SECTION,
  ],
  admin: [
    { path: '', label: 'Dashboard', icon: LayoutDashboard, page: AdminHome },
    { path: 'orders', label: 'Pedidos', icon: ShoppingBag, page: AdminOrdersPage },
    { path: 'products', label: 'Productos', icon: Package, page: AdminProductsPage },
    { path: 'users', label: 'Usuarios', icon: Building2, page: AdminUsersPage },
    { path: 'leaderboard', label: 'Ranking', icon: Trophy, page: AdminLeaderboardPage },
    { path: 'statistics', label: 'Estadísticas', icon: BarChart3, page: AdminStatisticsPage },
    { path: 'settlements', label: 'Liquidaciones', icon: Landmark, page: AdminSettlementsPage },
    { path: 'payouts', label: 'Pagos a vendedores', icon: Wallet, page: AdminPayoutsPage },
    { path: 'invoicing', label: 'Facturación', icon: Receipt, page: AdminInvoicingPage },
    { path: 'risk', label: 'Riesgo', icon: ShieldAlert, page: RiskPage },
    { path: 'support', label: 'Soporte', icon: LifeBuoy, page: AdminSupportPage },
    { path: 'audit', label: 'Auditoría', icon: ScrollText, page: AdminAuditPage },
    { path: 'settings', label: 'Configuración', icon: Settings, page: AdminSettingsPage },
    SECURITY_SECTION,
  ],
};
