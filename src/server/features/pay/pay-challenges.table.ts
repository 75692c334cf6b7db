import { pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Proof-of-work solutions already accepted, by their challenge's nonce: each
 * solves one order only, on any instance. Rows past their challenge's expiry
 * prove nothing more (the challenge is refused as expired) and are deleted.
 */
export const payChallengeUses = pgTable(
  'pay_challenge_uses',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('pay_challenge_uses_expiry_idx').on(table.expiresAt)],
);
