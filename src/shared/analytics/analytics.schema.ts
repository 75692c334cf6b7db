import { PeriodFields, withPeriod } from '../period';
import { z } from '../zod';

/**
 * Link analytics (API.md "Link analytics"): clicks on payment links, unique
 * visitors, orders and approved orders, for a seller, a company or the whole
 * platform, between two Argentine days.
 */

export const ANALYTICS_MESSAGES = {
  loadFailed: 'No se pudieron cargar las estadísticas.',
} as const;

/** Argentine days from 2000-01-01 to 2100-12-31, at most 366 of them (src/shared/period.ts). */
export const AnalyticsQuery = withPeriod(
  z.object({
    /** First Argentine day (default: 29 days before `to`). */
    from: PeriodFields.from,
    /** Last Argentine day, included (default: today). */
    to: PeriodFields.to,
  }),
);
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>;

const Funnel = {
  clicks: z.number().int(),
  unique_visitors: z.number().int(),
  orders: z.number().int(),
  approved_orders: z.number().int(),
};

export const AnalyticsReport = z.object({
  from: z.string(),
  to: z.string(),
  ...Funnel,
  /** Approved orders per unique visitor, in basis points (0 without visitors). */
  conversion_bps: z.number().int(),
  /**
   * Commission of the approved orders: the seller's own share in the seller's
   * report; the whole commission (seller's and platform's) in the company's and
   * the admin's.
   */
  commission_cents: z.number().int(),
  by_product: z.array(z.object({ product_id: z.string(), title: z.string(), ...Funnel })),
  by_channel: z.array(z.object({ channel: z.string(), ...Funnel })),
  daily: z.array(
    z.object({
      day: z.string(),
      clicks: z.number().int(),
      unique_visitors: z.number().int(),
      orders: z.number().int(),
    }),
  ),
  /** The company's and the admin's: per seller (links without a seller are left out). */
  by_seller: z.array(z.object({ seller_id: z.string(), name: z.string(), ...Funnel })).optional(),
  /** The day with most clicks, and the channel with most approved orders (then clicks); null when none. */
  best_day: z.string().nullable(),
  best_channel: z.string().nullable(),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

/**
 * API.md "Analytics channels": a report names at most this many channels (the
 * ones with most clicks) and sums the rest as `OTHER_CHANNEL`; a seller's day
 * stores at most this many too (its next new channels are stored as `otros`),
 * so junk `src=` words can neither flood a report nor the summaries.
 */
export const NAMED_CHANNELS = 20;
export const OTHER_CHANNEL = 'otros';

/** How each channel is called on screen; others show as they are (a site's host). */
export const CHANNEL_LABELS: Record<string, string> = {
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  facebook: 'Facebook',
  qr: 'Código QR',
  share: 'Compartido',
  x: 'X (Twitter)',
  telegram: 'Telegram',
  tiktok: 'TikTok',
  google: 'Google',
  linkedin: 'LinkedIn',
  direct: 'Directo',
  [OTHER_CHANNEL]: 'Otros',
};

export const channelLabel = (channel: string): string => CHANNEL_LABELS[channel] ?? channel;
