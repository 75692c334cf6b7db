import { PanelDashboard } from '@shared/accounts/panels.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../accounts/role-guard';

/**
 * GET /dashboard inside each role surface: the greeting and the figures the
 * panel home can show today (orders and products arrive with their features).
 */
export const panelDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        summary: 'Inicio del panel: saludo y datos del perfil',
        response: { 200: PanelDashboard },
      },
    },
    async (request) => {
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
    },
  );
};
