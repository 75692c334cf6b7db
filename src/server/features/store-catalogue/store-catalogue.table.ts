import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The storefront catalogue (spec 01 §3). Ids are text so imported catalogues
 * keep the ids of the service they came from; new rows get a random uuid.
 */
const textId = () =>
  text('id')
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

export const storeProducts = pgTable(
  'store_products',
  {
    id: textId(),
    title: text('title').notNull(),
    subtitle: text('subtitle'),
    ribbonText: text('ribbon_text'),
    /** HTML, sanitised by the page that shows it. */
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    status: text('status', { enum: ['published', 'draft'] })
      .notNull()
      .default('published'),
    purchasable: boolean('purchasable').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    siteProductSelection: text('site_product_selection'),
    typeValue: text('type_value'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('store_products_sort_idx').on(table.sortOrder, table.id),
    index('store_products_created_idx').on(table.createdAt),
  ],
);

/** A purchasable variant with its price and its stock (quantity on hand, reserved by open orders). */
export const storeVariants = pgTable(
  'store_variants',
  {
    id: textId(),
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    imageUrl: text('image_url'),
    sku: text('sku'),
    amountCents: integer('amount_cents').notNull(),
    saleAmountCents: integer('sale_amount_cents'),
    currencyCode: text('currency_code').notNull().default('eur'),
    weight: doublePrecision('weight'),
    manageInventory: boolean('manage_inventory').notNull().default(false),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
  },
  (table) => [
    index('store_variants_product_idx').on(table.productId, table.position),
    check('store_variants_amount_check', sql`${table.amountCents} >= 0`),
    check(
      'store_variants_sale_check',
      sql`${table.saleAmountCents} IS NULL OR ${table.saleAmountCents} >= 0`,
    ),
    // Stock can never go negative, whatever the code path.
    check(
      'store_variants_stock_check',
      sql`${table.reserved} >= 0 AND ${table.quantity} >= 0 AND (NOT ${table.manageInventory} OR ${table.quantity} >= ${table.reserved})`,
    ),
  ],
);

export const storeOptions = pgTable(
  'store_options',
  {
    id: textId(),
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
  },
  (table) => [index('store_options_product_idx').on(table.productId)],
);

export const storeOptionValues = pgTable(
  'store_option_values',
  {
    id: textId(),
    optionId: text('option_id')
      .notNull()
      .references(() => storeOptions.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
  },
  (table) => [
    index('store_option_values_option_idx').on(table.optionId),
    index('store_option_values_variant_idx').on(table.variantId),
  ],
);

export const storeImages = pgTable(
  'store_images',
  {
    id: textId(),
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    type: text('type').notNull().default('image'),
  },
  (table) => [index('store_images_product_idx').on(table.productId, table.position)],
);

export const storeCollections = pgTable('store_collections', {
  id: textId(),
  title: text('title').notNull(),
});

export const storeProductCollections = pgTable(
  'store_product_collections',
  {
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    collectionId: text('collection_id')
      .notNull()
      .references(() => storeCollections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.productId, table.collectionId] })],
);

export const storeAdditionalInfo = pgTable(
  'store_additional_info',
  {
    id: textId(),
    productId: text('product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [index('store_additional_info_product_idx').on(table.productId)],
);
