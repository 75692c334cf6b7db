import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { STORE_ORDER_STATUSES } from '../../../shared/store/store-order-status';

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

/**
 * An order from the storefront's checkout. Its stock is reserved from creation
 * until it is paid (then taken), cancelled or expired (then given back).
 */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** sha256 of the secret token in the hosted checkout link. */
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: STORE_ORDER_STATUSES }).notNull().default('reserved'),
    currency: text('currency').notNull(),
    /** bigint: many units of an expensive item must not overflow the column. */
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** Keyed hash of the buyer's network address: caps what one address may hold reserved. */
    clientKey: text('client_key'),
    locale: text('locale'),
    timeZone: text('time_zone'),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    buyerPhone: text('buyer_phone'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string>>(),
    paymentProvider: text('payment_provider', { enum: ['stripe', 'transfer'] }),
    paymentReference: text('payment_reference'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('store_orders_expiry_idx').on(table.status, table.reservedUntil),
    index('store_orders_payment_ref_idx').on(table.paymentReference),
    index('store_orders_client_idx').on(table.clientKey, table.status),
  ],
);

export const storeOrderLines = pgTable(
  'store_order_lines',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    orderId: text('order_id')
      .notNull()
      .references(() => storeOrders.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    productTitle: text('product_title').notNull(),
    variantTitle: text('variant_title').notNull(),
    imageUrl: text('image_url'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** Whether stock was reserved for this line (managed inventory). */
    reservesStock: boolean('reserves_stock').notNull(),
  },
  (table) => [index('store_order_lines_order_idx').on(table.orderId)],
);
