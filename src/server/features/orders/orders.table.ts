import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rowChangeColumns } from '../../db/row-changes';
import { ORDER_STATUSES } from '@shared/order-status';
import { ORDER_CHANNELS } from '@shared/orders/orders.schema';
import { PAYMENT_PROVIDERS } from '@shared/payments/payment-methods.schema';
import { products } from '../products/products.table';
import { profiles } from '../profiles/profiles.table';

/**
 * spec 02 §3 Order, for both surfaces (ARCHITECTURE §3). The amounts are
 * stored at creation and never recomputed; what was bought is in its lines
 * (`order_lines`), and `product_title`/`quantity` summarise them for lists.
 *
 * A payment-link order (`link`) is one line of one company's product: it has
 * its company, product, unit price, buyer and provider from the start. A
 * storefront order (`store`) is the platform's own cart: no company or seller,
 * its buyer and provider known once the buyer pays; the CHECK says so.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    channel: text('channel', { enum: ORDER_CHANNELS }).notNull().default('link'),
    /** A payment-link order's product (its one line's); none for a storefront order. */
    productId: text('product_id').references(() => products.id, { onDelete: 'restrict' }),
    /** The first line's title, and for a cart how many more lines there are. */
    productTitle: text('product_title').notNull(),
    companyId: text('company_id').references(() => profiles.id, { onDelete: 'restrict' }),
    sellerId: text('seller_id').references(() => profiles.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }),
    commissionBps: integer('commission_bps').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    companyCents: bigint('company_cents', { mode: 'number' }).notNull(),
    sellerCents: bigint('seller_cents', { mode: 'number' }).notNull(),
    platformCents: bigint('platform_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('ars'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** Ours, unique: MercadoPago's external_reference and the transfer's reference. */
    externalReference: text('external_reference').notNull(),
    /** The provider's id of the payment (MercadoPago payment, Stripe PaymentIntent). */
    providerPaymentId: text('provider_payment_id'),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    buyerPhone: text('buyer_phone'),
    /** SHA-256 of the buyer's link token (the token itself is only in the buyer's link). */
    buyerTokenHash: text('buyer_token_hash').notNull(),
    /**
     * The payment split itself at the provider (the company's connected account
     * kept the price, the platform its commission): the company owes nothing for it.
     */
    collectedAtSource: boolean('collected_at_source').notNull().default(false),
    /** Points this order gives its seller now; taken back exactly when it stops counting. */
    pointsAwarded: integer('points_awarded').notNull().default(0),
    /** Until when an unpaid order keeps its units. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * Who placed it, for the per-address caps on unpaid units: a keyed hash of
     * the buyer's network (lib/client-key.ts), never the address itself.
     */
    clientKey: text('client_key'),
    /**
     * The keyed hash of an IPv6 buyer's /48 (null for IPv4): once four /64s of
     * one /48 hold units, a payment link's caps count the /48 as one client.
     */
    clientPrefixKey: text('client_prefix_key'),
    /**
     * The click it came from (link analytics): the buyer's visitor hash of that
     * day and the channel of their latest click on the product; null for
     * storefront carts and orders placed before clicks were counted.
     */
    visitorHash: text('visitor_hash'),
    linkSource: text('link_source'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_external_reference_uq').on(table.externalReference),
    index('orders_company_idx').on(table.companyId, table.createdAt),
    index('orders_seller_idx').on(table.sellerId, table.createdAt),
    index('orders_status_expiry_idx').on(table.status, table.expiresAt),
    index('orders_created_idx').on(table.createdAt),
    index('orders_status_created_idx').on(table.status, table.createdAt),
    index('orders_channel_created_idx').on(table.channel, table.createdAt),
    // What one client holds unpaid: read before each of its orders, so only unpaid rows are indexed.
    index('orders_client_unpaid_idx')
      .on(table.clientKey)
      .where(sql`${table.status} in ('reserved', 'pending_payment', 'pending_transfer')`),
    // …and what the /64s of one IPv6 /48 hold, read with it.
    index('orders_client_prefix_unpaid_idx')
      .on(table.clientPrefixKey)
      .where(sql`${table.status} in ('reserved', 'pending_payment', 'pending_transfer')`),
    check(
      'orders_amounts_check',
      sql`${table.totalCents} = ${table.companyCents} + ${table.sellerCents} + ${table.platformCents} AND ${table.companyCents} >= 0 AND ${table.sellerCents} >= 0 AND ${table.platformCents} >= 0`,
    ),
    check('orders_quantity_check', sql`${table.quantity} > 0`),
    check(
      'orders_channel_check',
      sql`(${table.channel} = 'link' AND ${table.productId} IS NOT NULL AND ${table.companyId} IS NOT NULL AND ${table.unitPriceCents} IS NOT NULL AND ${table.provider} IS NOT NULL AND ${table.buyerName} IS NOT NULL AND ${table.buyerEmail} IS NOT NULL) OR (${table.channel} = 'store' AND ${table.companyId} IS NULL AND ${table.sellerId} IS NULL AND ${table.productId} IS NULL)`,
    ),
    check('orders_points_check', sql`${table.pointsAwarded} >= 0`),
  ],
);

/** An order as stored (both channels); orders.service.ts narrows it to a payment link's. */
export type OrderRow = typeof orders.$inferSelect;

/** The columns that say whose an order is, for `scopeCondition` (lib/scope.ts). */
export const ORDER_OWNERS = {
  company: orders.companyId,
  seller: orders.sellerId,
  channel: orders.channel,
};

/**
 * What an order bought, one row per product or variant, with its price at the
 * time. A payment-link order has one line (`product_id`); a storefront order
 * one per variant of its cart (`store_variant_id`). The inventory reserves,
 * commits and releases each line's units (inventory.service).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'restrict' }),
    /** A storefront catalogue variant (and its product), copied as they were. */
    storeVariantId: text('store_variant_id'),
    storeProductId: text('store_product_id'),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    imageUrl: text('image_url'),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    quantity: integer('quantity').notNull(),
    /** Whether the line's units are counted (a variant without managed inventory is not). */
    reservesStock: boolean('reserves_stock').notNull().default(true),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    check('order_lines_quantity_check', sql`${table.quantity} > 0`),
    check(
      'order_lines_item_check',
      sql`(${table.productId} IS NOT NULL) <> (${table.storeVariantId} IS NOT NULL)`,
    ),
  ],
);

/** spec 02 §3 Order status history: one row per change, `changed_by` a user id or `system`. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    changedBy: text('changed_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_status_history_order_idx').on(table.orderId, table.createdAt)],
);

/**
 * A seller's personal link to a product: `/pay/:productId?ref={code}`. The code
 * is random (unguessable), made once per seller and product (stable).
 */
export const sellerLinks = pgTable(
  'seller_links',
  {
    code: text('code').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('seller_links_seller_product_uq').on(table.sellerId, table.productId)],
);

const totalsColumns = {
  companyId: text('company_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'restrict' }),
  status: text('status', { enum: ORDER_STATUSES }).notNull(),
  orders: integer('orders').notNull().default(0),
  totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
  companyCents: bigint('company_cents', { mode: 'number' }).notNull().default(0),
  sellerCents: bigint('seller_cents', { mode: 'number' }).notNull().default(0),
  platformCents: bigint('platform_cents', { mode: 'number' }).notNull().default(0),
};

/**
 * Orders counted and summed per company and current status, kept in the same
 * transaction as every order's creation and status change (orders-totals.ts).
 * Dashboards and list totals read these few rows instead of summing every order.
 */
export const orderTotals = pgTable('order_totals', totalsColumns, (table) => [
  primaryKey({ columns: [table.companyId, table.status] }),
  check('order_totals_orders_check', sql`${table.orders} >= 0`),
]);

/** The same, per Argentine day the order was placed on (the 30-day charts). */
export const orderDailyTotals = pgTable(
  'order_daily_totals',
  { ...totalsColumns, day: date('day', { mode: 'string' }).notNull() },
  (table) => [
    primaryKey({ columns: [table.companyId, table.day, table.status] }),
    index('order_daily_totals_day_idx').on(table.day),
    check('order_daily_totals_orders_check', sql`${table.orders} >= 0`),
  ],
);

/**
 * Payment-link orders per Argentine day placed, company, product, seller and
 * channel (the click's, kept on the order; `direct` without one): every order
 * placed, whatever its status now, and those approved or delivered now with
 * their commission. Kept in the transaction of every order's creation and
 * status change (link-order-totals.ts), so the analytics funnel reads these
 * rows instead of the orders and still agrees with them to the unit.
 */
export const linkOrderDaily = pgTable(
  'link_order_daily',
  {
    companyId: text('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** '' for the company's own link, so the key has no nulls. */
    sellerKey: text('seller_key').notNull(),
    channel: text('channel').notNull(),
    orders: integer('orders').notNull().default(0),
    approvedOrders: integer('approved_orders').notNull().default(0),
    /** The approved ones' commission: the seller's share, and the whole (seller's and platform's). */
    sellerCents: bigint('seller_cents', { mode: 'number' }).notNull().default(0),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    // A company's period is a range of its key; a seller's has its own index.
    primaryKey({
      columns: [table.companyId, table.day, table.productId, table.sellerKey, table.channel],
    }),
    index('link_order_daily_seller_idx').on(table.sellerKey, table.day),
    // The platform's day (its counts stay out of indexes, so their updates stay HOT).
    index('link_order_daily_day_idx').on(table.day),
    check(
      'link_order_daily_orders_check',
      sql`${table.approvedOrders} >= 0 and ${table.approvedOrders} <= ${table.orders}`,
    ),
  ],
);

/**
 * What each order's creation and status change added to `link_order_daily`
 * (a change may take away: a refund), per hour of the change, for orders
 * placed on the days the link analytics still read as open (today, and
 * yesterday until shortly after midnight); kept in the same statement as
 * the daily row. An hour that is over never changes again, so the
 * platform's report keeps its sums and reads only the hour under way.
 * Rows older than two days are deleted by the click writer.
 */
export const linkOrderHourly = pgTable(
  'link_order_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    sellerKey: text('seller_key').notNull(),
    channel: text('channel').notNull(),
    orders: integer('orders').notNull(),
    approvedOrders: integer('approved_orders').notNull(),
    sellerCents: bigint('seller_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    ...rowChangeColumns(),
  },
  (table) => [
    primaryKey({
      columns: [table.hour, table.day, table.productId, table.sellerKey, table.channel],
    }),
  ],
);

/**
 * How many times a day's link funnel has changed since that day ended:
 * bumped in the statement that changes its orders' approved figures (a
 * status change into or out of approved or delivered of an order placed
 * before today; the order count of such a day never changes, as a status
 * change takes an order out of one status and into another in one
 * transaction), and by the click writer in the transaction of a batch with
 * clicks of a day that is over (bumpLinkFunnelDays). Versions only grow and
 * rows are never deleted, so the sum of a period's versions read with its
 * rows tells whether those rows have changed since: the analytics reports
 * keep past days' sums per instance and compare it on each request
 * (analytics.service.ts).
 */
export const linkOrderVersions = pgTable('link_order_versions', {
  day: date('day', { mode: 'string' }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
