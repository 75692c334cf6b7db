import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditList } from '@shared/admin/admin.schema';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys, queryOf } from './admin-keys';

export interface AuditFilters {
  action: string;
  actor_id: string;
  target_id: string;
  /** An order's reference (VM-…) or id. */
  order: string;
  page: number;
}

export function getAdminAudit(filters: AuditFilters) {
  return apiRequest<AuditList>(`/api/admin/audit?${queryOf({ ...filters })}`);
}

/** The audit log, newest first. */
export function useAdminAudit(filters: AuditFilters) {
  return useQuery({
    queryKey: adminKeys.audit(queryOf({ ...filters })),
    queryFn: () => getAdminAudit(filters),
    placeholderData: keepPreviousData,
  });
}
