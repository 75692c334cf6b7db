import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SupportMessageList } from '@shared/support/support.schema';
import { apiRequest } from '@web/lib/api-client';

export const SUPPORT_PAGE_SIZE = 20;

export function getSupportMessages(offset: number) {
  return apiRequest<SupportMessageList>(
    `/api/admin/support-messages?limit=${SUPPORT_PAGE_SIZE}&offset=${offset}`,
  );
}

export function useSupportMessages(offset: number) {
  return useQuery({
    queryKey: ['admin-support-messages', offset],
    queryFn: () => getSupportMessages(offset),
    placeholderData: keepPreviousData,
  });
}
