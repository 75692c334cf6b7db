import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsReport } from '@shared/analytics/analytics.schema';
import { apiRequest } from '@web/lib/api-client';

/** Whose links a report covers: the surface it is asked from. */
export type AnalyticsSurface = 'seller' | 'company' | 'admin';

export function getAnalytics(surface: AnalyticsSurface, range: { from: string; to: string }) {
  const query = new URLSearchParams(range).toString();
  return apiRequest<AnalyticsReport>(`/api/${surface}/analytics?${query}`);
}

/** The report of a period; the previous one stays on screen while another period loads. */
export function useAnalytics(surface: AnalyticsSurface, range: { from: string; to: string }) {
  return useQuery({
    queryKey: ['analytics', surface, range.from, range.to],
    queryFn: () => getAnalytics(surface, range),
    placeholderData: keepPreviousData,
  });
}
