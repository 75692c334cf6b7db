import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent from /support, read later in the admin panel. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /** new → answered; the admin panel moves it. */
    status: text('status', { enum: ['new', 'answered'] })
      .notNull()
      .default('new'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('support_messages_created_at_idx').on(table.createdAt)],
);
