import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { profileRef } from '../profiles/profiles.table';

/** One stored image of a product: storage keys of its two sizes. */
export interface ProductImageKeys {
  display: string;
  thumbnail: string;
}

/**
 * spec 02 §3: a company's product. The base price is the company's earnings;
 * the buyer pays it plus the commission (basis points, at least 3 %).
 */
export const products = pgTable(
  'products',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    companyId: profileRef('company_id'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull().default(0),
    /**
     * Units unpaid payment-link orders hold (off `stock` until they are paid or
     * let go): `stock + held_units` is the stock as it stood before the holds,
     * and unpaid orders may hold at most PAY_MAX_UNPAID_SHARE_BPS of it without a
     * proof of work. Kept by the inventory service in the statements that move units.
     */
    heldUnits: integer('held_units').notNull().default(0),
    category: text('category').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    commissionBps: integer('commission_bps').notNull().default(300),
    images: jsonb('images')
      .$type<ProductImageKeys[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** spec 02 §7: the company's collector id when the product was created. */
    providerCollectorId: text('provider_collector_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Deleted by its company: hidden everywhere, kept so orders still name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('products_company_idx').on(table.companyId, table.createdAt),
    index('products_active_idx').on(table.isActive, table.stock),
    // The seller catalogue: sellable products of some companies, newest first.
    index('products_catalogue_idx')
      .on(table.companyId, table.createdAt)
      .where(sql`${table.isActive} AND ${table.deletedAt} IS NULL AND ${table.stock} > 0`),
    // …and across many companies: walked newest first until a page is full.
    index('products_sellable_recent_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isActive} AND ${table.deletedAt} IS NULL AND ${table.stock} > 0`),
    check('products_price_check', sql`${table.priceCents} > 0`),
    check('products_stock_check', sql`${table.stock} >= 0`),
    check('products_held_units_check', sql`${table.heldUnits} >= 0`),
    check('products_commission_check', sql`${table.commissionBps} BETWEEN 300 AND 10000`),
  ],
);
