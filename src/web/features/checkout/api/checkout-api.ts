import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CheckoutBuyer,
  CheckoutPayResponse,
  CheckoutSummary,
} from '@shared/store/checkout.schema';
import { webEnv } from '@web/config/env';
import { apiRequest } from '@web/lib/api-client';

/** Our hosted checkout lives on this server, whatever store API the catalogue uses. */
const base = (orderId: string) =>
  `/api/store/${encodeURIComponent(webEnv.storeId)}/checkout/${encodeURIComponent(orderId)}`;

const summaryKey = (orderId: string) => ['checkout', orderId] as const;

export function useCheckoutSummary(orderId: string, token: string) {
  return useQuery({
    queryKey: summaryKey(orderId),
    queryFn: () =>
      apiRequest<CheckoutSummary>(`${base(orderId)}?token=${encodeURIComponent(token)}`),
    retry: false,
    refetchOnWindowFocus: true,
  });
}

export function usePayCheckout(orderId: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (buyer: CheckoutBuyer) =>
      apiRequest<CheckoutPayResponse>(`${base(orderId)}/pay`, {
        method: 'POST',
        body: { token, buyer },
      }),
    onSuccess: (result) => client.setQueryData(summaryKey(orderId), result.summary),
  });
}

export function useCancelCheckout(orderId: string, token: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ redirect_url: string }>(`${base(orderId)}/cancel`, {
        method: 'POST',
        body: { token },
      }),
  });
}

/** After Stripe sends the buyer back: the server asks Stripe whether the session was paid. */
export function useConfirmStripe(orderId: string, token: string, sessionId: string | null) {
  return useQuery({
    queryKey: ['checkout-confirm', orderId, sessionId],
    enabled: sessionId !== null,
    queryFn: () =>
      apiRequest<CheckoutSummary>(`${base(orderId)}/confirm`, {
        method: 'POST',
        body: { token, session_id: sessionId ?? '' },
      }),
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : 2000),
    retry: false,
  });
}
