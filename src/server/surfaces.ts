import type { FastifyPluginAsync } from 'fastify';
import type { Role } from '@shared/accounts/accounts.schema';
import { adminRoutes } from './features/admin/admin.routes';
import { adminAnalyticsRoutes } from './features/analytics/analytics.admin.routes';
import {
  companyAnalyticsRoutes,
  sellerAnalyticsRoutes,
} from './features/analytics/analytics.routes';
import {
  adminDashboardRoutes,
  companyDashboardRoutes,
  sellerDashboardRoutes,
} from './features/dashboard/dashboard.routes';
import { adminRiskRoutes } from './features/risk/risk.admin.routes';
import { sellerRoutes } from './features/seller/seller.routes';
import {
  adminPayoutRoutes,
  adminSettlementRoutes,
} from './features/settlements/settlements.admin.routes';
import {
  companyBalanceRoutes,
  companySettlementRoutes,
  sellerBalanceRoutes,
  sellerPayoutRoutes,
} from './features/settlements/settlements.routes';
import { companyPaymentConnectRoutes } from './features/payments/payment-connect.company.routes';
import { companyPaymentMethodRoutes } from './features/payments/payment-methods.company.routes';
import { companyOrderRoutes } from './features/orders/orders.company.routes';
import { companyProductRoutes } from './features/products/products.company.routes';
import { companySettingsRoutes } from './features/company-settings/company-settings.routes';
import { companyApiKeyRoutes } from './features/integrations/api-keys.routes';
import { companyIdempotencyPlugin } from './features/integrations/idempotency.plugin';
import { companyWebhookRoutes } from './features/webhooks/webhooks.routes';
import { companyInvoiceRoutes } from './features/invoicing/invoicing.routes';
import { adminInvoiceRoutes } from './features/invoicing/invoicing.admin.routes';
import { storeAdminRoutes } from './features/store/store-admin.routes';
import { supportAdminRoutes } from './features/support/support.admin.routes';

/**
 * One HTTP surface per actor (ARCHITECTURE §3): the route plugins each role
 * reaches under /api/<role>, behind that role's guard. A new panel feature
 * adds its plugin here, and only here.
 */
export const SURFACES: Record<Role, FastifyPluginAsync[]> = {
  company: [
    // First, so `Idempotency-Key` covers every POST and PATCH of the surface.
    companyIdempotencyPlugin,
    companyDashboardRoutes,
    companyProductRoutes,
    companySettingsRoutes,
    companyPaymentMethodRoutes,
    companyPaymentConnectRoutes,
    companyOrderRoutes,
    companyBalanceRoutes,
    companySettlementRoutes,
    companyInvoiceRoutes,
    companyAnalyticsRoutes,
    companyApiKeyRoutes,
    companyWebhookRoutes,
  ],
  seller: [
    sellerDashboardRoutes,
    sellerRoutes,
    sellerBalanceRoutes,
    sellerPayoutRoutes,
    sellerAnalyticsRoutes,
  ],
  admin: [
    adminDashboardRoutes,
    adminRoutes,
    supportAdminRoutes,
    storeAdminRoutes,
    adminSettlementRoutes,
    adminRiskRoutes,
    adminPayoutRoutes,
    adminInvoiceRoutes,
    adminAnalyticsRoutes,
  ],
};
