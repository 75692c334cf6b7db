import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { profileRef } from '../profiles/profiles.table';

/**
 * Where a company wants its events (API.md "Webhooks"). The signing secret is
 * needed to sign every delivery, so it is kept sealed with APP_SECRET
 * (lib/secret-box.ts), never in the clear, and shown to the company once.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    companyId: profileRef('company_id'),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Since when every delivery has failed; cleared by the next success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** When the platform turned it off after failing for WEBHOOK_DISABLE_AFTER. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId, table.createdAt)],
);

/**
 * One event as it is sent: `body` is the exact JSON that is signed, written in
 * the transaction of the change that causes it, so the object is as the change
 * left it.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    companyId: profileRef('company_id'),
    type: text('type').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_events_created_idx').on(table.createdAt)],
);

/**
 * One event for one endpoint, delivered by the worker (webhook-delivery.ts) at
 * least once and in `id` order among the deliveries of one endpoint about one
 * object (`object_key`, such as `order:<id>`).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    objectKey: text('object_key').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: smallint('last_status_code'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the delivery until then; after it, another may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
    // "Is an earlier delivery about the same object still on its way?"
    index('webhook_deliveries_object_idx')
      .on(table.endpointId, table.objectKey, table.id)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    index('webhook_deliveries_event_idx').on(table.eventId),
  ],
);
