import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Payment-provider events already applied, for every provider and every kind
 * of order. The unique (provider, event id) makes webhooks idempotent: the row
 * is written in the same transaction as the change the event causes.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    orderId: text('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payment_events_uq').on(table.provider, table.eventId)],
);
