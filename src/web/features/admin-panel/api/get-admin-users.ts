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

/** The companies for a filter's choice list (the API gives at most 100 per page). */
export function useAdminCompanies() {
  return useQuery({
    queryKey: adminKeys.companies(),
    queryFn: () => getAdminUsers({ role: 'company', q: '', page: 1, page_size: 100 }),
    select: (list) =>
      list.items
        .map((user) => ({ id: user.id, name: user.company || user.name }))
        .sort((a, b) => a.name.localeCompare(b.name, 'es')),
    staleTime: 60_000,
  });
}
