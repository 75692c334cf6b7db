import { useQuery } from '@tanstack/react-query';
import type { Role } from '@shared/accounts/accounts.schema';
import type { PanelDashboard } from '@shared/accounts/panels.schema';
import type {
  AdminDashboardFigures,
  CompanyDashboardFigures,
} from '@shared/orders/dashboard.schema';
import type { SellerDashboardFigures } from '@shared/seller/seller.schema';

import { apiRequest } from '@web/lib/api-client';

/** GET /api/<role>/dashboard: the greeting, plus the figures of that role. */
export type AnyDashboard = PanelDashboard &
  Partial<CompanyDashboardFigures> &
  Partial<Omit<SellerDashboardFigures, 'points'>> &
  Partial<AdminDashboardFigures>;

export function getDashboard(role: Role) {
  return apiRequest<AnyDashboard>(`/api/${role}/dashboard`);
}

export function useDashboard(role: Role) {
  return useQuery({ queryKey: ['panel-dashboard', role], queryFn: () => getDashboard(role) });
}
