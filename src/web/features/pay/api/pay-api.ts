import { useRef, useState } from 'react';
import type { BuyerOrder, PayPage, PayRequest, PayResponse } from '@shared/orders/orders.schema';
import { buyerOrderApiUrl, payPageApiUrl } from '@shared/pay-entry';
import { apiRequest } from '@web/lib/api-client';
import { useApi } from './use-api';

export function usePayPage(productId: string, ref: string | null) {
  return useApi<PayPage>(productId ? payPageApiUrl(productId, ref) : null);
}

/**
 * POST the buyer's order; `pending` while the server answers. A second call
 * while one is on its way (a double tap) sends nothing and answers undefined.
 */
export function useStartPayment(productId: string) {
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);
  const start = async (body: PayRequest): Promise<PayResponse | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setPending(true);
    try {
      return await apiRequest<PayResponse>(`/api/public/pay/${encodeURIComponent(productId)}`, {
        method: 'POST',
        body: body as unknown as Record<string, unknown>,
      });
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  };
  return { start, pending };
}

/** Statuses that may still change on their own (a payment or a transfer being confirmed). */
export const WAITING_STATUSES: readonly string[] = ['pending_payment', 'pending_transfer'];

const isWaiting = (order: BuyerOrder) => WAITING_STATUSES.includes(order.status);

/**
 * The buyer's order by its link's token (`token` in `search`, with what a
 * provider added to the return address: buyerOrderApiUrl); while it waits,
 * it is read again every `pollMs`.
 */
export function useBuyerOrder(orderId: string, search: URLSearchParams, pollMs: number) {
  return useApi<BuyerOrder>(
    orderId && search.get('token') ? buyerOrderApiUrl(orderId, search.toString()) : null,
    { pollMs, keepPolling: isWaiting },
  );
}
