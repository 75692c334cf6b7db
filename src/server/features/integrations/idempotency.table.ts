import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * `Idempotency-Key` of POST and PATCH requests under /api/v1 and /api/company
 * (API.md "Idempotency"): per actor (an API key or an account) and key, the
 * request's method, path and body hash, and once it finished its first answer,
 * kept 24 h. A row without `response_status` is a request still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running request whose process died gives its key back after this. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.actor, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
