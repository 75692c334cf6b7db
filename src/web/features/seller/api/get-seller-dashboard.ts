import { useQuery } from '@tanstack/react-query';
import type { PanelDashboard } from '@shared/accounts/panels.schema';
import type { SellerDashboardFigures } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { sellerKeys } from './seller-keys';

export type SellerDashboard = PanelDashboard & SellerDashboardFigures;

export function getSellerDashboard() {
  return apiRequest<SellerDashboard>('/api/seller/dashboard');
}

export function useSellerDashboard() {
  return useQuery({ queryKey: sellerKeys.dashboard(), queryFn: getSellerDashboard });
}
