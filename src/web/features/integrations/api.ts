import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@shared/integrations/api-keys.schema';
import { apiRequest } from '@web/lib/api-client';

/** Requests of the Integraciones page (shared/API.md → Integrations). */
const keys = {
  apiKeys: () => ['company', 'api-keys'] as const,
};

export function useApiKeys() {
  return useQuery({
    queryKey: keys.apiKeys(),
    queryFn: () => apiRequest<ApiKey[]>('/api/company/api-keys'),
  });
}

/** Creating a key asks for the password again when the session's step-up has lapsed. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) =>
      apiRequest<CreatedApiKey>('/api/company/api-keys', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/company/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apiKeys() }),
  });
}
