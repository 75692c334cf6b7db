import { analyticsRoute } from './analytics.routes';

/** The admin's platform-wide report (it sums every link's rows) is reused six times as long: 30 s. */
const PLATFORM_REUSE_FACTOR = 6;

/** GET /api/admin/analytics: the whole platform, with the top sellers, products and channels. */
export const adminAnalyticsRoutes = analyticsRoute(
  'Clics, visitantes únicos, pedidos y conversión de todos los links de la plataforma',
  () => ({ kind: 'platform' }),
  { reuseFactor: PLATFORM_REUSE_FACTOR },
);
