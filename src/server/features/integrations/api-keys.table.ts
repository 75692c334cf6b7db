import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/profiles.table';

/**
 * A company's keys to the public API (API.md "Integrations"). The key itself
 * is shown once and never stored: `key_hash` is an HMAC-SHA256 of it with a key
 * derived from APP_SECRET, so a copy of the database yields no usable key.
 * `prefix` (the first characters) is what the list shows to tell keys apart.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Set when revoked: the key stops working at once; the row stays for the audit log. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_uq').on(table.keyHash),
    index('api_keys_company_idx').on(table.companyId, table.createdAt),
  ],
);
