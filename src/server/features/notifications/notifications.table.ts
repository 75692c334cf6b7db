import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profileRef, profiles } from '../profiles/profiles.table';

/** What a signed-in user sees under the panel's bell, newest first. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: profileRef('user_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A path inside the app (`/seller/orders`), never an outside address. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set for notices that must exist once (a month's statement): a second writer adds nothing. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('notifications_dedupe_uq').on(table.dedupeKey),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
  ],
);

/**
 * E-mails to send, written in the transaction of the change that causes them
 * and delivered by the outbox worker (outbox.worker.ts): a failing SMTP server
 * delays them, never loses them, and never blocks the change. The message is
 * rendered when it is sent, from `kind` and `payload`.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    /** The recipient's account, when they have one (buyers do not). */
    userId: text('user_id').references(() => profiles.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the message until then; after it, another may take it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** The e-mails a user turned off (receipts cannot be). */
export const emailOptOuts = pgTable(
  'email_opt_outs',
  {
    userId: profileRef('user_id'),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/**
 * E-mails about new orders sent to one recipient per clock hour, so nobody can
 * fill a stranger's inbox by writing their address in orders. The recipient
 * is a keyed hash of the normalized address; every instance counts here.
 */
export const buyerMailQuota = pgTable(
  'buyer_mail_quota',
  {
    recipientKey: text('recipient_key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.recipientKey, table.windowStart] }),
    index('buyer_mail_quota_window_idx').on(table.windowStart),
  ],
);
