import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProductList } from '@shared/admin/admin.schema';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys, queryOf } from './admin-keys';

export interface AdminProductFilters {
  q: string;
  company_id: string;
  page: number;
}

export function getAdminProducts(filters: AdminProductFilters) {
  return apiRequest<AdminProductList>(`/api/admin/products?${queryOf({ ...filters })}`);
}

/** Every company's products, newest first (read-only supervision). */
export function useAdminProducts(filters: AdminProductFilters) {
  return useQuery({
    queryKey: adminKeys.products(queryOf({ ...filters })),
    queryFn: () => getAdminProducts(filters),
    placeholderData: keepPreviousData,
  });
}
