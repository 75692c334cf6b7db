import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OrderList } from '@shared/orders/orders.schema';
import type {
  Catalogue,
  Goal,
  PutGoalBody,
  Ranking,
  SellerSettings,
  UpdateSellerSettingsBody,
} from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';

export const CATALOGUE_PAGE_SIZE = 24;

export function useCatalogue(filters: { q: string; category: string; company: string }) {
  return useInfiniteQuery({
    queryKey: ['seller-catalogue', filters],
    initialPageParam: 1,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({
        page: String(pageParam),
        page_size: String(CATALOGUE_PAGE_SIZE),
      });
      if (filters.q) query.set('q', filters.q);
      if (filters.category) query.set('category', filters.category);
      if (filters.company) query.set('company_id', filters.company);
      return apiRequest<Catalogue>(`/api/seller/catalogue?${query}`);
    },
    getNextPageParam: (last) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useSellerOrders(status: string, page: number) {
  return useQuery({
    queryKey: ['seller-orders', status, page],
    queryFn: () =>
      apiRequest<OrderList>(`/api/seller/orders?page=${page}${status ? `&status=${status}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useSellerSettings() {
  return useQuery({
    queryKey: ['seller-settings'],
    queryFn: () => apiRequest<SellerSettings>('/api/seller/settings'),
  });
}

export function useSaveSellerSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSellerSettingsBody) =>
      apiRequest<SellerSettings>('/api/seller/settings', {
        method: 'PATCH',
        body: body as Record<string, unknown>,
      }),
    onSuccess: (data) => {
      client.setQueryData(['seller-settings'], data);
      // A new province is a new catalogue, at once.
      void client.invalidateQueries({ queryKey: ['seller-catalogue'] });
    },
  });
}

export function useRanking(province: string) {
  return useQuery({
    queryKey: ['seller-ranking', province],
    queryFn: () =>
      apiRequest<Ranking>(
        `/api/seller/ranking${province ? `?province=${encodeURIComponent(province)}` : ''}`,
      ),
  });
}

export function useGoals() {
  return useQuery({
    queryKey: ['seller-goals'],
    queryFn: () => apiRequest<{ items: Goal[] }>('/api/seller/goals'),
  });
}

export function useSaveGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PutGoalBody) =>
      apiRequest<Goal>('/api/seller/goal', {
        method: 'PUT',
        body: body as Record<string, unknown>,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['seller-goals'] });
      void client.invalidateQueries({ queryKey: ['panel-dashboard', 'seller'] });
    },
  });
}
