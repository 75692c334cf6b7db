import {
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from '../profiles/profiles.table';

/**
 * A change of where an account's money goes (API.md "Payout details changed"):
 * a seller's payout details, a company's payment method of one provider, or its
 * collector id. Each one was told to the owner by e-mail with a 'No fui yo'
 * link; only the link token's hash is kept. The destinations are kept masked
 * (their last 4 characters), and for a company what was there before, secrets
 * still sealed, so 'No fui yo' can put it back.
 */
export const destinationChanges = pgTable(
  'destination_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    subject: text('subject', {
      enum: ['seller_payout_details', 'company_payment_method', 'company_collector_id'],
    }).notNull(),
    /** The payment method's provider (a company's method); null otherwise. */
    provider: text('provider', { enum: ['mercadopago', 'stripe', 'transferencia'] }),
    /** «CBU terminado en 1234»: the destination before and after, by their last 4 characters. */
    maskedBefore: text('masked_before').notNull(),
    maskedAfter: text('masked_after').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the 'No fui yo' token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When its link was used, or another link of the account that covered it. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * A company's state before the change (the payment method's row, secrets
     * sealed, or null when there was none; the collector id), put back by
     * 'No fui yo'. Null for sellers.
     */
    previous: jsonb('previous').$type<Record<string, unknown>>(),
    /** When 'No fui yo' put `previous` back. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('destination_changes_token_uq').on(table.tokenHash),
    index('destination_changes_user_idx').on(table.userId, table.changedAt),
  ],
);
