import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuery, AnalyticsReport } from '@shared/analytics/analytics.schema';
import { actorOf } from '../accounts/role-guard';
import { analyticsReport, type AnalyticsScope } from './analytics.service';

/** How long one actor's report of one period is reused: a panel reloaded or open in several tabs. */
const ACTOR_TTL_MS = 5_000;
/** Reports kept at once per instance (each a few KB). */
const CACHE_ENTRIES = 1000;

/**
 * The analytics route of one surface, for the scope of who asks. A report is
 * reused for `cacheMs` per scope and period (and one being made is shared),
 * so figures are at most that old.
 */
export function analyticsRoute(
  summary: string,
  scopeOf: (userId: string) => AnalyticsScope,
  options: { cacheMs?: number } = {},
): FastifyPluginAsyncZod {
  const cacheMs = options.cacheMs ?? ACTOR_TTL_MS;
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
        const owner = scope.kind === 'platform' ? '' : scope.id;
        const key = `${scope.kind}:${owner}|${request.query.from ?? ''}|${request.query.to ?? ''}`;
        const now = Date.now();
        const cached = cache.get(key);
        if (cached && cached.until > now) return cached.report;
        if (cache.size >= CACHE_ENTRIES) cache.clear();
        const report = analyticsReport(app.db, scope, request.query);
        cache.set(key, { until: now + cacheMs, report });
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
