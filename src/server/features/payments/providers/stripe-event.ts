import type Stripe from 'stripe';
import { z } from '@shared/zod';
import { WEBHOOK_TOLERANCE_SECONDS } from '../webhook-route';
import { INVALID_EVENT, INVALID_SIGNATURE } from './provider';

/**
 * What every Stripe event has and the handlers read: an id, a type and the
 * object it is about. Stripe's signature proves who sent the body, not that
 * it is an event: `null`, a list or an event without `data` is refused here.
 */
const EventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * A Stripe webhook's event, verified against the raw body with a webhook
 * secret (300 s tolerance): the company's for payment links, the platform's
 * for the storefront and for connected accounts. A missing or bad signature,
 * or a signed body that is no event, is a 400 before anything is asked or written.
 */
export function verifyStripeEvent(
  stripe: Stripe,
  webhookSecret: string | undefined,
  rawBody: Buffer,
  signature: unknown,
): Stripe.Event {
  if (!webhookSecret || typeof signature !== 'string') throw INVALID_SIGNATURE();
  let event: unknown;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch {
    throw INVALID_SIGNATURE();
  }
  if (!EventShape.safeParse(event).success) throw INVALID_EVENT();
  return event as Stripe.Event;
}

/** The id of an expandable field, whether Stripe answered the id or the object. */
export const idOf = (value: string | { id: string } | null): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/** Stripe answered that it does not know the object asked for. */
export function isStripeNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { statusCode?: number }).statusCode === 404
  );
}
