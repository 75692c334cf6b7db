import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { PanelDashboard } from '@shared/accounts/panels.schema';
import { SALE_STATUSES } from '@shared/order-status';
import { AdminDashboardFigures, CompanyDashboardFigures } from '@shared/orders/dashboard.schema';
import { SellerDashboardFigures } from '@shared/seller/seller.schema';
import { actorOf } from '../accounts/role-guard';
import {
  dailySales,
  figuresByStatus,
  recentOrders,
  soldTotals,
  sumOf,
} from '../orders/orders-metrics.service';
import { sellerActivity } from '../orders/seller-activity.service';
import { sellerRanking } from '../profiles/seller-profile.service';
import { currentGoal } from '../seller/goals.service';
import { platformRevenue } from './platform-figures';

/** The greeting and profile facts every panel home shows. */
function greeting(request: FastifyRequest): PanelDashboard {
  const { profile } = actorOf(request);
  return {
    greetingName: profile.name,
    role: profile.role,
    company: profile.company,
    province: profile.province,
    points: profile.points,
    sales: profile.sales,
    shippingProvinces: profile.shippingProvinces,
  };
}

/** GET /api/company/dashboard (API.md): income, pending and completed orders, recent orders, 30 days. */
export const companyDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['company'],
        summary:
          'Inicio de la empresa: ingresos, pedidos pendientes y completados, últimos pedidos',
        response: { 200: PanelDashboard.extend(CompanyDashboardFigures.shape) },
      },
    },
    async (request) => {
      const scope = { kind: 'company', id: actorOf(request).userId } as const;
      const [figures, recent, daily] = await Promise.all([
        figuresByStatus(app.db, scope),
        recentOrders(app.db, scope),
        dailySales(app.db, scope),
      ]);
      const sold = sumOf(figures, SALE_STATUSES);
      return {
        ...greeting(request),
        total_income_cents: sold.companyCents,
        pending_orders: sumOf(figures, ['pending_payment', 'pending_transfer']).count,
        completed_orders: sold.count,
        recent_orders: recent,
        daily_sales: daily,
      };
    },
  );
};

/** GET /api/seller/dashboard (API.md): approved and delivered orders only. */
export const sellerDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['seller'],
        summary: 'Inicio del vendedor: ventas, comisiones, puntos, posición, meta y actividad',
        response: { 200: PanelDashboard.extend(SellerDashboardFigures.shape) },
      },
    },
    async (request) => {
      const { profile } = actorOf(request);
      const [totals, ranking, goal, activity] = await Promise.all([
        soldTotals(app.db, { kind: 'seller', id: profile.id }),
        sellerRanking(app.db, { meId: profile.id, limit: 0 }),
        currentGoal(app.db, profile.id),
        sellerActivity(app.db, profile.id),
      ]);
      return {
        ...greeting(request),
        total_sales_cents: totals.totalCents,
        commissions_cents: totals.sellerCents,
        sales_count: totals.count,
        points: profile.points,
        rank: ranking.me?.rank ?? null,
        goal,
        recent_activity: activity,
      };
    },
  );
};

/** GET /api/admin/dashboard (API.md; spec 02 §4 revenue and profit). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Inicio del administrador: ingresos, ganancia, empresas, vendedores, últimos pedidos',
        response: { 200: PanelDashboard.extend(AdminDashboardFigures.shape) },
      },
    },
    async (request) => {
      const [[links, daily, store, roles], recent] = await Promise.all([
        app.platformFigures.read(),
        recentOrders(app.db, { kind: 'platform' }),
      ]);
      return {
        ...greeting(request),
        ...platformRevenue(links, store),
        companies: roles.company ?? 0,
        sellers: roles.seller ?? 0,
        recent_orders: recent,
        daily_sales: daily,
      };
    },
  );
};
