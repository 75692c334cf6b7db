import { useQuery } from '@tanstack/react-query';
import type { AnalyticsReport } from '@shared/analytics/analytics.schema';
import { apiRequest } from '@web/lib/api-client';
import { sellerKeys } from './seller-keys';

/** The last 30 days of the seller's links (the home's summary of Estadísticas). */
export function useLinkFunnel() {
  return useQuery({
    queryKey: [...sellerKeys.all, 'link-funnel'],
    queryFn: () => apiRequest<AnalyticsReport>('/api/seller/analytics'),
  });
}
