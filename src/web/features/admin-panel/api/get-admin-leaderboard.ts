import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ranking } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys, queryOf } from './admin-keys';

export function getAdminLeaderboard(province: string) {
  const query = queryOf({ province });
  return apiRequest<Ranking>(`/api/admin/leaderboard${query ? `?${query}` : ''}`);
}

/** Sellers by points, national with '' or one province's. */
export function useAdminLeaderboard(province: string) {
  return useQuery({
    queryKey: adminKeys.leaderboard(province),
    queryFn: () => getAdminLeaderboard(province),
    placeholderData: keepPreviousData,
  });
}
