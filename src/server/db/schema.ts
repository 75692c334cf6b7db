/**
 * Every table, re-exported from the feature that owns it. drizzle-kit reads this
 * file to generate migrations, so table files import only drizzle-orm and
 * relative paths (no path aliases).
 */
export * from '../features/support/support.table';
export * from '../features/auth/auth.table';
export * from '../features/profiles/profiles.table';
export * from '../features/store-catalogue/store-catalogue.table';
export * from '../features/store/store.table';
export * from '../features/payments/payment-events.table';
export * from '../features/products/products.table';
export * from '../features/payments/payment-methods.table';
export * from '../features/orders/orders.table';
export * from '../features/seller/goals.table';
export * from '../features/audit/audit.table';
export * from '../features/settlements/ledger.table';
export * from '../features/notifications/notifications.table';
export * from '../features/settlements/company-payments.table';
export * from '../features/settlements/payouts.table';
export * from '../features/pay/pay-challenges.table';
export * from '../features/analytics/analytics.table';
export * from '../features/risk/risk.table';
export * from '../features/sign-in-protection/sign-in-failures.table';
export * from '../features/destination-changes/destination-changes.table';
export * from '../features/integrations/api-keys.table';
export * from '../features/integrations/idempotency.table';
export * from '../features/integrations/api-changes.table';
export * from '../features/webhooks/webhooks.table';
export * from '../features/invoicing/invoicing.table';
