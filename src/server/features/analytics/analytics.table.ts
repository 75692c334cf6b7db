import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { rowChangeColumns } from '../../db/row-changes';

/**
 * A random salt per Argentine day: a visitor is a keyed hash of their address
 * and browser with the day's salt, so the same person is one visitor within a
 * day and cannot be followed across days. A salt is deleted once its day is
 * over (and the next), after which no hash of that day can be recomputed.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One person's browser asking for a payment link's page (bots, link previews,
 * prefetches and the company's or seller's own visits are never written).
 * Append-only; no address is stored. `unique_visit`: the first click of this
 * visitor on this link (product and seller) in 30 minutes.
 */
export const linkClicks = pgTable(
  'link_clicks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    companyId: text('company_id').notNull(),
    /** Null: the company's own link (no `ref`). */
    sellerId: text('seller_id'),
    visitorHash: text('visitor_hash').notNull(),
    channel: text('channel').notNull(),
    device: text('device', { enum: ['mobile', 'tablet', 'desktop'] }).notNull(),
    /** Where a trusted proxy says the visitor is (ANALYTICS_REGION_HEADER); null when unknown. */
    province: text('province'),
    uniqueVisit: boolean('unique_visit').notNull(),
  },
  (table) => [
    // The 30-minute window and an order's attribution look a visitor up on one product.
    index('link_clicks_visitor_idx').on(table.visitorHash, table.productId, table.at),
  ],
);

/**
 * Who a visitor group counts as on a product on one Argentine day: a group is
 * a keyed hash (the day's salt) of the address's network (IPv4 /24, IPv6 /64)
 * and the browser family, and its first visitor that day is the only one of
 * it whose clicks can be unique visits there. Random user agents from one
 * address are thus one visitor, not thousands. Rows are deleted with their
 * day's salt; no address is stored.
 */
export const linkVisitorGroups = pgTable(
  'link_visitor_groups',
  {
    groupHash: text('group_hash').notNull(),
    productId: text('product_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.groupHash, table.productId] }),
    index('link_visitor_groups_day_idx').on(table.day),
  ],
);

/**
 * Clicks and unique visits per Argentine day, product, seller and channel,
 * kept by the same statement batch that appends the clicks: the panels read
 * these rows, never the clicks.
 */
export const linkClickDaily = pgTable(
  'link_click_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** '' for the company's own link, so the key has no nulls. */
    sellerKey: text('seller_key').notNull(),
    channel: text('channel').notNull(),
    companyId: text('company_id').notNull(),
    clicks: integer('clicks').notNull(),
    uniqueVisitors: integer('unique_visitors').notNull(),
  },
  (table) => {
    // Every column the funnel reads, from the day on: an index that holds them answers a
    // period from the index alone (an index-only scan).
    const funnel = [
      table.day,
      table.productId,
      table.sellerKey,
      table.channel,
      table.clicks,
      table.uniqueVisitors,
    ] as const;
    return [
      primaryKey({ columns: [table.productId, table.sellerKey, table.channel, table.day] }),
      // The platform's day (a seller's and a company's periods keep to their own
      // indexes below, which match both their conditions).
      index('link_click_daily_day_idx').on(...funnel),
      index('link_click_daily_seller_idx').on(table.sellerKey, table.day),
      // A company's period: its entries sit together, where its rows are spread over as
      // many pages as it has rows, written day by day among every other company's.
      index('link_click_daily_company_idx').on(table.companyId, ...funnel),
    ];
  },
);

/**
 * What the click writer added to `link_click_daily`, per hour of writing (the
 * hour its clock read when it wrote the batch), for the days the reports
 * still read as open (today, and yesterday until shortly after midnight):
 * the same rows, split by when they were added. An hour that is over never
 * changes again, so the platform's report keeps its sums and reads only the
 * hour under way (analytics.service.ts). Rows older than two days are
 * deleted (funnel-hours.ts).
 */
export const linkClickHourly = pgTable(
  'link_click_hourly',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    sellerKey: text('seller_key').notNull(),
    channel: text('channel').notNull(),
    clicks: integer('clicks').notNull(),
    uniqueVisitors: integer('unique_visitors').notNull(),
    ...rowChangeColumns(),
  },
  (table) => [
    primaryKey({
      columns: [table.hour, table.day, table.productId, table.sellerKey, table.channel],
    }),
  ],
);
