import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { STORE_ORDER_STATUSES } from '../../../shared/store/store-order-status';

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
