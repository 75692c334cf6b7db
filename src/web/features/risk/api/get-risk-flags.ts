import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RiskFlagList, RiskKind, RiskStatus } from '@shared/risk/risk.schema';
import { apiRequest } from '@web/lib/api-client';

export interface RiskFilters {
  status: RiskStatus;
  kind: RiskKind | '';
  seller_id: string;
  page: number;
}

/** Query keys of Riesgo, so a decision can refresh the lists. */
export const riskKeys = {
  all: ['risk'] as const,
  list: (query: string) => [...riskKeys.all, 'list', query] as const,
};

/** `a=1&b=x` from the filled-in values only. */
function queryOf(filters: RiskFilters): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== '') search.set(key, String(value));
  }
  return search.toString();
}

export function getRiskFlags(filters: RiskFilters) {
  return apiRequest<RiskFlagList>(`/api/admin/risk?${queryOf(filters)}`);
}

/** The flags of a status (and kind, and seller), newest activity first, with their events. */
export function useRiskFlags(filters: RiskFilters) {
  return useQuery({
    queryKey: riskKeys.list(queryOf(filters)),
    queryFn: () => getRiskFlags(filters),
    placeholderData: keepPreviousData,
  });
}
