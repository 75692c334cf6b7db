import { createHash } from 'node:crypto';
import type { ClickInput } from '../../features/analytics/click-recorder';

const HOUR = 3_600_000;

/** Where the demo's visits come from, most of them WhatsApp, as sellers share there. */
const DEMO_CHANNELS = [
  'whatsapp',
  'whatsapp',
  'whatsapp',
  'instagram',
  'qr',
  'whatsapp',
  'direct',
  'share',
];

/**
 * The visits to a demo sale's link in the two days before it (a few to a
 * dozen people; some came back within the half hour), the last one the
 * buyer's. Made from the sale's key, so every start makes the same ones.
 */
export function demoVisits(
  key: string,
  placed: Date,
  productId: string,
  ref: string | null,
): ClickInput[] {
  const seed = createHash('sha256').update(key).digest();
  const count = 3 + (seed[0]! % 10);
  const visits: ClickInput[] = [];
  for (let i = 0; i < count; i += 1) {
    const byte = seed[(i + 1) % seed.length]!;
    const again = i > 0 && byte % 5 === 0;
    const previous = visits.at(-1);
    const at = again
      ? new Date(previous!.at.getTime() + (5 + (byte % 20)) * 60_000)
      : new Date(placed.getTime() - (count - i) * (3 + (byte % 4)) * HOUR);
    visits.push({
      at: at.getTime() < placed.getTime() ? at : new Date(placed.getTime() - 10 * 60_000),
      productId,
      ref,
      visitorHash: again ? previous!.visitorHash : `demo-${seed.toString('base64url', 0, 8)}-${i}`,
      channel: again ? previous!.channel : DEMO_CHANNELS[byte % DEMO_CHANNELS.length]!,
      device: byte % 4 === 0 ? 'desktop' : 'mobile',
      province: null,
      sessionToken: null,
    });
  }
  return visits;
}
