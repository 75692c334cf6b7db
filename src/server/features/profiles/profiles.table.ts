import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/** spec 01 §3 / spec 02 §3: one profile per user, created with the user at sign-up. */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The company name (spec: `company`), only for companies. */
    company: text('company'),
    role: text('role', { enum: ['company', 'seller', 'admin'] }).notNull(),
    points: integer('points').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    province: text('province'),
    paymentMethod: text('payment_method', { enum: ['mercadopago', 'bank'] }),
    paymentDetails: jsonb('payment_details')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    shippingProvinces: text('shipping_provinces')
      .array()
      .notNull()
      .default(sql`ARRAY[]::text[]`),
    /** Storage key of the company logo (public). */
    logoKey: text('logo_key'),
    /** Storage key of the seller's identity document (private: owner and admins). */
    identityDocumentKey: text('identity_document_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When an admin confirmed this seller's fraud (risk center): they cannot
     * sign in, and their links still sell, without a seller.
     */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /**
     * When the seller last replaced payout details they had (the first ones saved
     * do not count): their payouts wait PAYOUT_DETAILS_HOLD_HOURS from then. Kept
     * in the row beside the details, so a payout batch reads both at once.
     */
    payoutDetailsChangedAt: timestamp('payout_details_changed_at', { withTimezone: true }),
    /** A company's tax data, for the documents the platform issues it: razón social. */
    legalName: text('legal_name'),
    /** Its CUIT, as `30-71234567-1` (check digit verified). */
    taxId: text('tax_id'),
    /** Its condition before VAT (TAX_CONDITIONS in shared/company). */
    taxCondition: text('tax_condition', {
      enum: ['responsable_inscripto', 'monotributo', 'exento', 'consumidor_final'],
    }),
  },
  (table) => [
    index('profiles_role_idx').on(table.role),
    // Companies that ship to a province (the seller catalogue).
    index('profiles_shipping_provinces_idx').using('gin', table.shippingProvinces),
    // The ranking: sellers by points, then sales.
    index('profiles_ranking_idx').on(table.role, table.points, table.sales),
  ],
);

/** A required column naming a profile; its rows go with the profile. */
export const profileRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
