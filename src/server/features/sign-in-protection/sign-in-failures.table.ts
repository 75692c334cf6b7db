import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong passwords per account, whatever the address they came from (API.md,
 * Account security: Sign-in protection), shared by every instance. An account
 * is a user id, or one of 65 536 buckets for e-mails nobody registered (so
 * they answer like accounts, and their rows stay few). A row is written in
 * one statement per attempt (sign-in-guard.service.ts) and forgotten once its
 * failures and its lock are past.
 */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    /** A user id, or `unknown:<n>` for the bucket of an e-mail without an account. */
    accountKey: text('account_key').primaryKey(),
    /** When each attempt of the window began, oldest first; the window's are the recent ones. */
    failedAt: timestamp('failed_at', { withTimezone: true })
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Set by the failure that reached the limit: sign-in refused until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_in_failures_updated_idx').on(table.updatedAt)],
);
