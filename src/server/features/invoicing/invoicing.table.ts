import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ledgerEntries } from '../settlements/ledger.table';
import { profiles } from '../profiles/profiles.table';

/**
 * The platform's fiscal documents for its commission (API.md "Fiscal
 * documents"): one row per invoice or credit note, from the moment the run
 * requests it until ARCA authorizes or refuses it. The receiver's tax data is
 * copied in when the document is requested (and refreshed when a refused one
 * is sent again), so a document always shows what was sent. A document is
 * never deleted: companies are restricted from going while they have one.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    companyId: text('company_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    /** The Argentine month of the entries it covers, `YYYY-MM`. */
    month: text('month').notNull(),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    letter: text('letter', { enum: ['A', 'B', 'C'] }).notNull(),
    /** ARCA's CbteTipo: 1/3 (A), 6/8 (B), 11/13 (C). */
    voucherType: smallint('voucher_type').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    /** Given when it is sent (the next after FECompUltimoAutorizado); kept if the answer is lost. */
    number: integer('number'),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    vatCents: bigint('vat_cents', { mode: 'number' }).notNull(),
    /** The issuer as it was: the platform's CUIT and VAT condition. */
    issuerTaxId: text('issuer_tax_id').notNull(),
    issuerTaxCondition: text('issuer_tax_condition', {
      enum: ['responsable_inscripto', 'monotributo'],
    }).notNull(),
    /** The receiver as it was sent. */
    receiverLegalName: text('receiver_legal_name').notNull(),
    receiverTaxId: text('receiver_tax_id').notNull(),
    receiverTaxCondition: text('receiver_tax_condition', {
      enum: ['responsable_inscripto', 'monotributo', 'exento', 'consumidor_final'],
    }).notNull(),
    /** A credit note's invoice (CbtesAsoc). */
    associatedInvoiceId: text('associated_invoice_id'),
    status: text('status', { enum: ['pending', 'authorized', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The issue date sent to ARCA, `YYYY-MM-DD` (Argentine day). */
    issueDate: text('issue_date'),
    cae: text('cae'),
    /** `YYYY-MM-DD`. */
    caeDue: text('cae_due'),
    /** ARCA's observations and errors, `[{ code, message }]`. */
    observations: jsonb('observations')
      .$type<{ code: number; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** When it was last sent to ARCA; a pending document with it set is looked up before sending again. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    /** When ARCA authorized it. */
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoices_company_idx').on(table.companyId, table.month),
    index('invoices_month_idx').on(table.month, table.status),
    uniqueIndex('invoices_number_unique')
      .on(table.pointOfSale, table.voucherType, table.number)
      .where(sql`${table.number} IS NOT NULL`),
    check('invoices_total_check', sql`${table.netCents} + ${table.vatCents} = ${table.totalCents}`),
    check('invoices_positive_check', sql`${table.totalCents} > 0`),
  ],
);

/**
 * Which ledger entries each document covers. The entry is the primary key,
 * so an entry is on exactly one document; the rows are written in the
 * transaction that requests the document.
 */
export const invoiceEntries = pgTable(
  'invoice_entries',
  {
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    invoiceId: text('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
  },
  (table) => [index('invoice_entries_invoice_idx').on(table.invoiceId)],
);

/**
 * WSAA login tickets, shared by every instance: ARCA refuses a new login
 * while a ticket is valid, so one ticket per service serves them all until it
 * expires.
 */
export const arcaTickets = pgTable('arca_tickets', {
  service: text('service').primaryKey(),
  token: text('token').notNull(),
  sign: text('sign').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sender at a time per point of sale and voucher type, across instances:
 * the number ARCA expects next is only known by asking, so sending is leased.
 */
export const arcaSequences = pgTable(
  'arca_sequences',
  {
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: smallint('voucher_type').notNull(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    leasedBy: text('leased_by'),
  },
  (table) => [primaryKey({ columns: [table.pointOfSale, table.voucherType] })],
);

/**
 * One WSAA login at a time per service, across instances: a second login
 * while the first is under way would be refused (`coe.alreadyAuthenticated`)
 * and leave that instance without a ticket. A lease with a conditional
 * update, never a transaction held open across the call to ARCA.
 */
export const arcaLoginLeases = pgTable('arca_login_leases', {
  service: text('service').primaryKey(),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  leasedBy: text('leased_by'),
});
