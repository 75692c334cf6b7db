import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@shared/integrations/api-keys.schema';
import type {
  CreatedWebhookEndpoint,
  CreateWebhookBody,
  UpdateWebhookBody,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
} from '@shared/integrations/webhooks.schema';
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

const webhookKeys = {
  all: () => ['company', 'webhooks'] as const,
  deliveries: (id: string) => ['company', 'webhooks', id, 'deliveries'] as const,
};

/** How often the open delivery log asks again, so a retry's outcome shows without reloading. */
export const DELIVERY_LOG_REFRESH_MS = 3000;

export function useWebhooks() {
  return useQuery({
    queryKey: webhookKeys.all(),
    queryFn: () => apiRequest<WebhookEndpoint[]>('/api/company/webhooks'),
  });
}

/** Creating a webhook asks for the password again when the session's step-up has lapsed. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      apiRequest<CreatedWebhookEndpoint>('/api/company/webhooks', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}

/** A new address also needs the step-up; events and the switch do not. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateWebhookBody }) =>
      apiRequest<WebhookEndpoint>(`/api/company/webhooks/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/company/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all() }),
  });
}

/** The delivery log of one webhook (null: the log is closed and nothing is asked). */
export function useWebhookDeliveries(id: string | null, status?: WebhookDeliveryStatus) {
  return useQuery({
    queryKey: [...webhookKeys.deliveries(id ?? ''), status ?? 'all'],
    queryFn: () =>
      apiRequest<WebhookDelivery[]>(
        `/api/company/webhooks/${encodeURIComponent(id!)}/deliveries${status ? `?status=${status}` : ''}`,
      ),
    enabled: id !== null,
    refetchInterval: DELIVERY_LOG_REFRESH_MS,
  });
}

/** 'Enviar evento de prueba': a `webhook.test` delivery, queued. */
export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<WebhookDelivery>(`/api/company/webhooks/${encodeURIComponent(id)}/test`, {
        method: 'POST',
      }),
    onSettled: (_delivery, _error, id) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/** 'Reintentar': the delivery is due again now. */
export function useRetryWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhookId, deliveryId }: { webhookId: string; deliveryId: string }) =>
      apiRequest<WebhookDelivery>(
        `/api/company/webhooks/${encodeURIComponent(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/retry`,
        { method: 'POST' },
      ),
    onSettled: (_delivery, _error, { webhookId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(webhookId) }),
  });
}
