import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SellerSettings, UpdateSellerSettingsBody } from '@shared/seller/seller.schema';
import { apiRequest } from '@web/lib/api-client';
import { sellerKeys } from './seller-keys';

export function getSellerSettings() {
  return apiRequest<SellerSettings>('/api/seller/settings');
}

export function useSellerSettings() {
  return useQuery({ queryKey: sellerKeys.settings(), queryFn: getSellerSettings });
}

export function updateSellerSettings(body: UpdateSellerSettingsBody) {
  return apiRequest<SellerSettings>('/api/seller/settings', { method: 'PATCH', body });
}

/** Saving may change the province: the catalogue and the home are read again at once. */
export function useUpdateSellerSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSellerSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(sellerKeys.settings(), settings);
      void queryClient.invalidateQueries({ queryKey: sellerKeys.catalogue() });
      void queryClient.invalidateQueries({ queryKey: sellerKeys.dashboard() });
    },
  });
}
