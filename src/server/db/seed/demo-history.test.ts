import { describe, expect, it } from 'vitest';
import { argentineDay } from '@shared/time';
import { timeline } from './demo-history';

describe('the demo history', () => {
  // Whatever the hour `npm start` runs at, Liquidaciones must date each demo sale the day Pedidos does.
  it('approves each sale on the Argentine day it was placed, at any hour of the day it is written', () => {
    const start = Date.parse('2026-11-20T00:00:00Z');
    for (let quarter = 0; quarter < 96; quarter += 1) {
      const now = new Date(start + quarter * 15 * 60_000);
      const events = timeline(now);
      const placedAt = new Map(
        events.flatMap((event) =>
          event.kind === 'sale' && event.key ? [[event.key, event.at]] : [],
        ),
      );
      for (const event of events) {
        if (event.kind !== 'change' || event.to !== 'approved') continue;
        const placed = placedAt.get(event.key)!;
        expect(event.at.getTime(), `${event.key} at ${now.toISOString()}`).toBeGreaterThan(
          placed.getTime(),
        );
        expect(argentineDay(event.at), `${event.key} at ${now.toISOString()}`).toBe(
          argentineDay(placed),
        );
        expect(event.at.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
  });
});
