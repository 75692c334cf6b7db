import { z } from '../zod';
import { Order } from './orders.schema';

/** One day of sales (an Argentine calendar day, `YYYY-MM-DD`). */
export const DailySales = z.object({
  date: z.string(),
  orders: z.number().int(),
  total_cents: z.number().int(),
  /** The platform's share that day (admin dashboard). */
  platform_cents: z.number().int(),
});
export type DailySales = z.infer<typeof DailySales>;

/** Days the dashboards chart. */
export const DASHBOARD_DAYS = 30;

/** GET /api/company/dashboard (API.md): figures over the company's own orders. */
export const CompanyDashboardFigures = z.object({
  /** The company's earnings (base prices) of approved and delivered orders. */
  total_income_cents: z.number().int(),
  pending_orders: z.number().int(),
  completed_orders: z.number().int(),
  recent_orders: z.array(Order),
  daily_sales: z.array(DailySales),
});
export type CompanyDashboardFigures = z.infer<typeof CompanyDashboardFigures>;

/** Approved and delivered orders counted, their totals and the platform's share of them. */
export const RevenueFigures = z.object({
  orders: z.number().int(),
  revenue_cents: z.number().int(),
  profit_cents: z.number().int(),
});
export type RevenueFigures = z.infer<typeof RevenueFigures>;

/** The platform's home currency: revenue and profit are pesos; other currencies are listed apart. */
export const HOME_CURRENCY = 'ars';

/**
 * GET /api/admin/dashboard (API.md; spec 02 §4 revenue and profit): every
 * approved and delivered order of both channels, payment links and the
 * storefront, in pesos; the storefront's sales in other currencies apart.
 */
export const AdminDashboardFigures = z.object({
  total_revenue_cents: z.number().int(),
  platform_profit_cents: z.number().int(),
  /** The same two figures (in pesos) per channel: they add up to the totals. */
  by_channel: z.object({ link: RevenueFigures, store: RevenueFigures }),
  /** Sales in other currencies (lowercase ISO code), never added to the pesos. */
  other_currencies: z.array(RevenueFigures.extend({ currency: z.string() })),
  companies: z.number().int(),
  sellers: z.number().int(),
  recent_orders: z.array(Order),
  daily_sales: z.array(DailySales),
});
export type AdminDashboardFigures = z.infer<typeof AdminDashboardFigures>;
