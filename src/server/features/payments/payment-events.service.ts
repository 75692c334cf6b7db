import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { paymentEvents } from './payment-events.table';

export interface PaymentEvent {
  provider: string;
  eventId: string;
  type: string;
  orderId: string | null;
}

/**
 * Records an event inside the caller's transaction; answers false when it was
 * already recorded, so the caller applies nothing twice. Two deliveries racing
 * each other meet at the unique index: the second waits, then sees the first.
 */
export async function recordPaymentEvent(tx: Transaction, event: PaymentEvent): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

/** How many times an event is recorded (0 or 1): for tests and diagnostics. */
export async function countPaymentEvents(
  db: Database,
  provider: string,
  eventId: string,
): Promise<number> {
  return db.$count(
    paymentEvents,
    and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)),
  );
}
