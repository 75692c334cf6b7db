import { useMutation, useQuery } from '@tanstack/react-query';
import type { BuyerOrder, PayPage, PayRequest, PayResponse } from '@shared/orders/orders.schema';
import { apiRequest } from '@web/lib/api-client';

export function usePayPage(productId: string, ref: string | null) {
  return useQuery({
    queryKey: ['pay-page', productId, ref],
    queryFn: () =>
      apiRequest<PayPage>(
        `/api/public/pay/${encodeURIComponent(productId)}${ref ? `?ref=${encodeURIComponent(ref)}` : ''}`,
      ),
    retry: false,
  });
}

export function useStartPayment(productId: string) {
  return useMutation({
    mutationFn: (body: PayRequest) =>
      apiRequest<PayResponse>(`/api/public/pay/${encodeURIComponent(productId)}`, {
        method: 'POST',
        body: body as unknown as Record<string, unknown>,
      }),
  });
}

/** Statuses that may still change on their own (a payment or a transfer being confirmed). */
export const WAITING_STATUSES = ['pending_payment', 'pending_transfer'];

/**
 * The buyer's order by its link's token. `returned` passes what a provider
 * added to the return address (Stripe's payment_intent, MercadoPago's
 * payment_id) so the server asks that provider; while the order waits, it is
 * read again every `pollMs`.
 */
export function useBuyerOrder(
  orderId: string,
  token: string,
  options: { returned?: Record<string, string>; pollMs?: number } = {},
) {
  const query = new URLSearchParams({ token, ...(options.returned ?? {}) });
  return useQuery({
    queryKey: ['buyer-order', orderId, token, options.returned],
    queryFn: () =>
      apiRequest<BuyerOrder>(`/api/public/orders/${encodeURIComponent(orderId)}?${query}`),
    enabled: Boolean(orderId && token),
    retry: false,
    refetchInterval: (current) =>
      options.pollMs && current.state.data && WAITING_STATUSES.includes(current.state.data.status)
        ? options.pollMs
        : false,
  });
}
