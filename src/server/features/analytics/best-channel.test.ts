import { describe, expect, it } from 'vitest';
import { OTHER_CHANNEL } from '@shared/analytics/analytics.schema';
import { bestChannelOf } from './best-channel';

const channel = (key: string, approved_orders: number, clicks: number) => ({
  key,
  tally: { approved_orders, clicks },
});

describe("Estadísticas' best channel", () => {
  it('is the channel with the most approved orders, not the most clicks', () => {
    expect(
      bestChannelOf([
        channel('instagram', 0, 900),
        channel('whatsapp', 3, 40),
        channel('qr', 1, 5),
      ]),
    ).toBe('whatsapp');
  });

  it('breaks a tie by clicks and never names the summed others', () => {
    expect(
      bestChannelOf([
        channel(OTHER_CHANNEL, 50, 5000),
        channel('qr', 2, 10),
        channel('share', 2, 30),
      ]),
    ).toBe('share');
  });

  it('names none while no order was approved, however many clicks came', () => {
    expect(bestChannelOf([channel('instagram', 0, 900)])).toBeNull();
    expect(bestChannelOf([])).toBeNull();
  });
});
