import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { profiles } from '../profiles/profiles.table';

/**
 * spec 02 §3 company_payment_methods: one row per company and provider. Public
 * settings are plain JSON; secrets are one sealed JSON object (lib/secret-box),
 * opened only to call the provider. `secret_hints` keeps the last 4 characters
 * of each secret, so the panel can show which one is stored without opening it.
 */
export const companyPaymentMethods = pgTable(
  'company_payment_methods',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['mercadopago', 'stripe', 'transferencia'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    publicConfig: jsonb('public_config')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    sealedSecrets: text('sealed_secrets'),
    secretHints: jsonb('secret_hints')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /**
     * How the platform reaches the company's account: `token` (credentials the
     * company pasted) or `oauth` (the company connected its account to the
     * platform's application: payments split at the source).
     */
    connection: text('connection', { enum: ['token', 'oauth'] })
      .notNull()
      .default('token'),
    /** The connected account's id at the provider (MercadoPago's user id, the collector; Stripe's acct_…). */
    accountId: text('account_id'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /** When the connected account's access token runs out (it is renewed before). */
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    /**
     * `pending`: the company has not finished the provider's onboarding (Stripe);
     * `broken`: the provider refused to renew or revoked the connection; the
     * company must connect again. Only `connected` takes payments.
     */
    connectionStatus: text('connection_status', { enum: ['connected', 'pending', 'broken'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('company_payment_methods_provider_uq').on(table.companyId, table.provider),
    index('company_payment_methods_active_idx').on(table.companyId, table.isActive),
    // A connected account's events name the account, not the company (Stripe Connect).
    index('company_payment_methods_account_idx').on(table.provider, table.accountId),
  ],
);

/**
 * A connection the company started (the `state` of an OAuth authorization):
 * only its hash is kept, it is single-use, short-lived and bound to the
 * company that started it.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['mercadopago', 'stripe'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expiry_idx').on(table.expiresAt)],
);
