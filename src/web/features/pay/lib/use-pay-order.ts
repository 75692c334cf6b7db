import { useEffect, useState, type FormEvent } from 'react';
import {
  PAY_MESSAGES,
  type PayPage as PayPageData,
  type PayNext,
  type PayRequest,
} from '@shared/orders/orders.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import { ApiError } from '@web/lib/api-client';
import { useStartPayment } from '../api/pay-api';
import { useBuyerForm } from './buyer-form';

/** New challenges the page asks for in a row before telling the buyer to reload. */
const CHALLENGE_ATTEMPTS = 3;

/**
 * The buyer's order on the pay page: the chosen method, quantity and buyer
 * data, and what sending it led to (an error, Stripe's card form, or a proof
 * of work the server asks for before it takes the order).
 */
export function usePayOrder({
  data,
  productId,
  ref_,
  refresh,
}: {
  data: PayPageData;
  productId: string;
  ref_: string | null;
  /** Reads the product again (its price changed under the buyer). */
  refresh: () => Promise<void>;
}) {
  const methods = data.methods;
  const [provider, setProvider] = useState<PaymentProvider | null>(methods[0]?.provider ?? null);
  const [quantity, setQuantity] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [card, setCard] = useState<Extract<PayNext, { kind: 'stripe' }> | null>(null);
  // The order waiting for a proof of work, and how many challenges it has had.
  const [challenge, setChallenge] = useState<{ body: PayRequest; attempt: number } | null>(null);
  const payment = useStartPayment(productId);
  const maxQuantity = Math.max(1, data.product.max_quantity);
  const form = useBuyerForm('buyer-');
  const total = data.product.buyer_price_cents * Math.min(quantity, maxQuantity);

  useEffect(() => {
    // A re-read product may allow fewer units than were chosen.
    if (quantity > maxQuantity) setQuantity(maxQuantity);
  }, [quantity, maxQuantity]);

  const send = async (body: PayRequest, attempt = 0) => {
    setError(null);
    try {
      const answer = await payment.start(body);
      if (!answer) return;
      setChallenge(null);
      if (answer.next.kind === 'stripe') setCard(answer.next);
      else window.location.assign(answer.next.url);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 428 && attempt < CHALLENGE_ATTEMPTS) {
        // The server wants a proof of work: a fresh widget solves a new challenge.
        setChallenge({ body, attempt: attempt + 1 });
        return;
      }
      setChallenge(null);
      if (failure instanceof ApiError && failure.code === 'PRICE_CHANGED') await refresh();
      setError(
        failure instanceof ApiError && failure.status === 428
          ? PAY_MESSAGES.challengeFailed
          : payErrorMessage(failure),
      );
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const buyer = form.validate();
    if (!buyer || !provider || challenge) return;
    await send({
      provider,
      quantity,
      buyer,
      // Shown on screen: if the company changed the price since, the server says so.
      expected_total_cents: total,
      ...(ref_ ? { ref: ref_ } : {}),
      // Where the link was shared (its share buttons add ?src=): the order's channel.
      ...sourceOfPage(),
    });
  };

  return {
    form,
    provider,
    setProvider,
    quantity,
    setQuantity,
    maxQuantity,
    total,
    error,
    card,
    closeCard: () => setCard(null),
    challenge,
    pending: payment.pending,
    send,
    submit,
  };
}

export type PayOrder = ReturnType<typeof usePayOrder>;

/** The `src` the page was opened with, as the server takes it (a short word). */
function sourceOfPage(): { src?: string } {
  const src = new URLSearchParams(window.location.search).get('src')?.trim();
  return src ? { src: src.slice(0, 40) } : {};
}

/** The server's Spanish message for what it refused; our generic text for anything else. */
export function payErrorMessage(failure: unknown): string {
  if (!(failure instanceof ApiError)) return PAY_MESSAGES.paymentFailed;
  if (failure.status >= 400 && failure.status < 500) return failure.message;
  if (failure.code === 'PREFERENCE_FAILED') return PAY_MESSAGES.preferenceFailed;
  return PAY_MESSAGES.paymentFailed;
}
