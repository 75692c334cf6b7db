import { OTHER_CHANNEL } from '@shared/analytics/analytics.schema';

interface ChannelTally {
  key: string;
  tally: { approved_orders: number; clicks: number };
}

/**
 * Estadísticas' 'Mejor canal': the channel that brought the most approved
 * orders (clicks break a tie). Clicks alone sell nothing, so a period without
 * an approved order names none; the summed `otros` is never a channel.
 */
export function bestChannelOf(channels: readonly ChannelTally[]): string | null {
  const best = channels
    .filter((channel) => channel.key !== OTHER_CHANNEL && channel.tally.approved_orders > 0)
    .sort(
      (a, b) =>
        b.tally.approved_orders - a.tally.approved_orders || b.tally.clicks - a.tally.clicks,
    )[0];
  return best?.key ?? null;
}
