import { analyticsRoute } from './analytics.routes';

/** How long the admin's platform-wide report is reused (it sums every link's clicks). */
const PLATFORM_TTL_MS = 30_000;

/** GET /api/admin/analytics: the whole platform, with the top sellers, products and channels. */
export const adminAnalyticsRoutes = analyticsRoute(
  'Clics, visitantes únicos, pedidos y conversión de todos los links de la plataforma',
  () => ({ kind: 'platform' }),
  { cacheMs: PLATFORM_TTL_MS },
);
