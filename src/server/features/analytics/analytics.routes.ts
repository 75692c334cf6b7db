import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuery, AnalyticsReport } from '@shared/analytics/analytics.schema';
import { actorOf } from '../accounts/role-guard';
import { analyticsReport, type AnalyticsScope } from './analytics.service';

/** The analytics route of one surface, for the scope of who asks (cached `cacheMs` when it is the same for everyone). */
export function analyticsRoute(
  summary: string,
  scopeOf: (userId: string) => AnalyticsScope,
  options: { cacheMs?: number } = {},
): FastifyPluginAsyncZod {
  return async (app) => {
    const cache = new Map<string, { until: number; report: Promise<AnalyticsReport> }>();
    app.get(
      '/analytics',
      {
        schema: {
          tags: ['analytics'],
          summary,
          querystring: AnalyticsQuery,
          response: { 200: AnalyticsReport },
        },
      },
      async (request) => {
        const scope = scopeOf(actorOf(request).userId);
        if (!options.cacheMs) return analyticsReport(app.db, scope, request.query);
        const key = `${request.query.from ?? ''}|${request.query.to ?? ''}`;
        const now = Date.now();
        const cached = cache.get(key);
        if (cached && cached.until > now) return cached.report;
        if (cache.size >= 100) cache.clear();
        const report = analyticsReport(app.db, scope, request.query);
        cache.set(key, { until: now + options.cacheMs, report });
        report.catch(() => cache.delete(key));
        return report;
      },
    );
  };
}

/** GET /api/seller/analytics: the seller's own links. */
export const sellerAnalyticsRoutes = analyticsRoute(
  'Clics, visitantes únicos, pedidos y conversión de los links del vendedor',
  (id) => ({ kind: 'seller', id }),
);

/** GET /api/company/analytics: the links to the company's own products, by seller and product. */
export const companyAnalyticsRoutes = analyticsRoute(
  'Clics, visitantes únicos, pedidos y conversión de los links a los productos de la empresa',
  (id) => ({ kind: 'company', id }),
);
