import { useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/accounts/accounts.schema';
import type { PanelDashboard } from '@shared/accounts/panels.schema';
import { apiRequest } from '@web/lib/api-client';

export function getDashboard(role: Role) {
  return apiRequest<PanelDashboard>(`/api/${role}/dashboard`);
}

export function useDashboard(role: Role) {
  return useQuery({ queryKey: ['panel-dashboard', role], queryFn: () => getDashboard(role) });
}
