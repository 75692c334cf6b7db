import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.table';

/**
 * What the hosted checkout page needs beyond the order itself (which is an
 * `orders` row of channel `store`, with its lines): where to send the buyer
 * back, how to show dates and prices to them, and where to ship.
 */
export const storeCheckouts = pgTable('store_checkouts', {
  orderId: text('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  locale: text('locale'),
  timeZone: text('time_zone'),
  shippingAddress: jsonb('shipping_address').$type<Record<string, string>>(),
});
