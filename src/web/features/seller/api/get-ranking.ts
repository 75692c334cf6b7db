import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Ranking } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { searchOf, sellerKeys } from './seller-keys';

export function getRanking(province: string | null) {
  return apiRequest<Ranking>(`/api/seller/ranking${searchOf({ province })}`);
}

/** National ranking with `null`, a province's otherwise. */
export function useRanking(province: string | null) {
  return useQuery({
    queryKey: sellerKeys.ranking(province),
    queryFn: () => getRanking(province),
    placeholderData: keepPreviousData,
  });
}
