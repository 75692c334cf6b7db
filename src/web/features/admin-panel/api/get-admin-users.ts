import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '@shared/admin/admin.schema';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys, queryOf } from './admin-keys';

export type AdminUserRole = 'company' | 'seller';

export interface AdminUserFilters {
  role: AdminUserRole;
  q: string;
  page: number;
}

export function getAdminUsers(filters: AdminUserFilters & { page_size?: number }) {
  return apiRequest<AdminUserList>(`/api/admin/users?${queryOf({ ...filters })}`);
}

/** Companies or sellers, newest first, with a text search. */
export function useAdminUsers(filters: AdminUserFilters) {
  return useQuery({
    queryKey: adminKeys.users(queryOf({ ...filters })),
    queryFn: () => getAdminUsers(filters),
    placeholderData: keepPreviousData,
  });
}
