import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MERCADOPAGO_CONNECT_MESSAGES,
  STRIPE_CONNECT_MESSAGES,
  PAYMENT_METHOD_MESSAGES,
  type PaymentMethod,
  type PaymentMethodList,
  type StripeConnectStart,
} from '@shared/payments/payment-methods.schema';
import { toast } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';

const METHODS = ['company-payment-methods'] as const;

/** The methods decide whether a collector id is asked for: the settings are read again too. */
const refreshMethods = (client: QueryClient) =>
  Promise.all([
    client.invalidateQueries({ queryKey: METHODS }),
    client.invalidateQueries({ queryKey: ['company-settings'] }),
  ]);

/** The company's configured payment methods. */
export function usePaymentMethods() {
  return useQuery({
    queryKey: METHODS,
    queryFn: () => apiRequest<PaymentMethodList>('/api/company/payment-methods'),
  });
}

/** Turns one method on or off. */
export function useTogglePaymentMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; is_active: boolean }) =>
      apiRequest<PaymentMethod>(`/api/company/payment-methods/${input.id}`, {
        method: 'PATCH',
        body: { is_active: input.is_active },
      }),
    // Shown at once; put back if the server refuses.
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: METHODS });
      const before = client.getQueryData<PaymentMethodList>(METHODS);
      client.setQueryData<PaymentMethodList>(METHODS, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((m) =>
                m.id === input.id ? { ...m, is_active: input.is_active } : m,
              ),
            }
          : list,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      client.setQueryData(METHODS, context?.before);
      toast({ title: PAYMENT_METHOD_MESSAGES.toggleFailed, variant: 'destructive' });
    },
    onSuccess: (method) =>
      toast({
        title: method.is_active
          ? PAYMENT_METHOD_MESSAGES.activated
          : PAYMENT_METHOD_MESSAGES.deactivated,
        variant: 'success',
      }),
    onSettled: () => refreshMethods(client),
  });
}

/** Deletes one method; `onSettled` runs once the server has answered either way. */
export function useDeletePaymentMethod(onSettled: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<void>(`/api/company/payment-methods/${id}`, { method: 'DELETE' }),
    onSuccess: () => toast({ title: PAYMENT_METHOD_MESSAGES.deleted, variant: 'success' }),
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    onSettled: () => {
      onSettled();
      return refreshMethods(client);
    },
  });
}

/** Adds a method, or saves the changes to `method` when there is one. */
export function useSavePaymentMethod(method?: PaymentMethod) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      method
        ? apiRequest<PaymentMethod>(`/api/company/payment-methods/${method.id}`, {
            method: 'PATCH',
            body,
          })
        : apiRequest<PaymentMethod>('/api/company/payment-methods', { method: 'POST', body }),
    onSettled: () => refreshMethods(client),
  });
}

/**
 * Connects Stripe: the server makes the company's account (once) and answers
 * its onboarding link, where the browser goes. A POST, so only the app's own
 * pages can start it (a link or another site's form cannot).
 */
export function useStartStripeConnect() {
  return useMutation({
    mutationFn: () =>
      apiRequest<StripeConnectStart>('/api/company/payment-methods/stripe/connect', {
        method: 'POST',
      }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
  });
}

/** Disconnects the company's connected account: the platform forgets its tokens or stops acting for it. */
export function useDisconnectAccount(onSettled: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: 'mercadopago' | 'stripe') =>
      apiRequest<void>(`/api/company/payment-methods/${provider}/connection`, {
        method: 'DELETE',
      }).then(() => provider),
    onSuccess: (provider) =>
      toast({
        title:
          provider === 'stripe'
            ? STRIPE_CONNECT_MESSAGES.disconnected
            : MERCADOPAGO_CONNECT_MESSAGES.disconnected,
        variant: 'success',
      }),
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    onSettled: () => {
      onSettled();
      return refreshMethods(client);
    },
  });
}
