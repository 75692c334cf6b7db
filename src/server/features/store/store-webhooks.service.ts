import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { invalidateCatalogue } from './store-catalogue.service';
import { markStoreOrderPaid } from './store-checkout.service';
import { recordPaymentEvent } from '../payments/payment-events.service';
import { storeOrders } from './store.table';

/**
 * Verifies a Stripe webhook (raw body + signature) and applies it once: the
 * event id is recorded in the same transaction, so a repeated delivery changes nothing.
 */
export async function handleStripeWebhook(
  db: Database,
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  let event: Stripe.Event;
  try {
    if (!signature) throw new Error('missing signature');
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw new AppError('INVALID_SIGNATURE', 'La firma del webhook no es válida.', 400);
  }

  const result = await db.transaction(async (tx) => {
    const session = event.type.startsWith('checkout.session.')
      ? (event.data.object as Stripe.Checkout.Session)
      : undefined;
    const orderId = session?.metadata?.store_order_id ?? session?.client_reference_id ?? null;
    const fresh = await recordPaymentEvent(tx, {
      provider: 'stripe',
      eventId: event.id,
      type: event.type,
      orderId,
    });
    if (!fresh) return { received: true as const, duplicate: true };
    if (!session || !orderId) return { received: true as const, duplicate: false };

    const paid =
      (event.type === 'checkout.session.completed' && session.payment_status === 'paid') ||
      event.type === 'checkout.session.async_payment_succeeded';
    if (paid) {
      // Only the session we created for this order can pay it.
      const [order] = await tx
        .select({ id: storeOrders.id })
        .from(storeOrders)
        .where(and(eq(storeOrders.id, orderId), eq(storeOrders.paymentReference, session.id)));
      if (order) await markStoreOrderPaid(tx, orderId, session.id);
    }
    return { received: true as const, duplicate: false };
  });
  if (!result.duplicate) invalidateCatalogue(db);
  return result;
}
