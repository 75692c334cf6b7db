import type { FakeApplicationFee, FakeCharge, FakePaymentIntent } from './fake-stripe-objects';

const invalid = (message: string, code?: string) => ({
  error: { type: 'invalid_request_error', ...(code ? { code } : {}), message },
});

/**
 * `POST /v1/refunds` as Stripe answers it for a whole PaymentIntent: found
 * only with the key and account that made it, refused for an unpaid or an
 * already refunded payment, and answered again, unchanged, for a retry with
 * the same idempotency key. With `refund_application_fee=true` a connected
 * account's refund also gives the platform's fee back. Answers the status,
 * the body and the new refund's id (for the idempotency key), if one was made.
 */
export function refundPayment(
  state: {
    intents: Map<string, FakePaymentIntent>;
    charges: Map<string, FakeCharge>;
    applicationFees: Map<string, FakeApplicationFee>;
  },
  form: URLSearchParams,
  call: {
    key: string;
    acting: string | null;
    known: string | undefined;
    newId(prefix: string): string;
  },
): [number, unknown, string?] {
  const intent = state.intents.get(form.get('payment_intent') ?? '');
  if (!intent || intent.secretKey !== call.key || intent.stripeAccount !== call.acting) {
    return [404, invalid('No such payment_intent', 'resource_missing')];
  }
  const paid = intent.latest_charge ? state.charges.get(intent.latest_charge) : undefined;
  const answer = (id: string) => ({
    id,
    object: 'refund',
    amount: paid?.amount ?? 0,
    currency: intent.currency,
    charge: paid?.id ?? null,
    payment_intent: intent.id,
    status: 'succeeded',
  });
  if (call.known) return [200, answer(call.known)];
  if (!paid) {
    return [
      400,
      invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`),
    ];
  }
  if (paid.refunded) {
    return [
      400,
      invalid(`Charge ${paid.id} has already been refunded.`, 'charge_already_refunded'),
    ];
  }
  paid.refunded = true;
  paid.amount_refunded = paid.amount;
  const fee = paid.application_fee ? state.applicationFees.get(paid.application_fee) : undefined;
  if (fee && form.get('refund_application_fee') === 'true') {
    fee.refunded = true;
    fee.amount_refunded = fee.amount;
  }
  const id = call.newId('re');
  return [200, answer(id), id];
}
