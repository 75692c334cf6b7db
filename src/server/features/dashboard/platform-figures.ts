import type { Database } from '../../db/client';
import { dailySales, soldTotals } from '../orders/orders-metrics.service';

/** How long an instance reuses the platform-wide sums (revenue, profit, 30 days). */
const PLATFORM_FIGURES_TTL_MS = 5_000;

type Figures = [Awaited<ReturnType<typeof soldTotals>>, Awaited<ReturnType<typeof dailySales>>];

/** The admin dashboard's platform-wide sums, reused for a few seconds. */
export interface PlatformFigures {
  read(): Promise<Figures>;
  /** Forgets them: the next read computes them again (after an order's status change). */
  invalidate(): void;
}

/**
 * The platform-wide sums are the same for every admin: each app computes them
 * at most every 5 s, and again at once after a status change it makes itself
 * (`buildApp` hands `invalidate` to the order workflow). One per app.
 */
export function createPlatformFigures(db: Database): PlatformFigures {
  let cached: { at: number; figures: Promise<Figures> } | null = null;
  return {
    read() {
      if (!cached || Date.now() - cached.at > PLATFORM_FIGURES_TTL_MS) {
        const figures = Promise.all([
          soldTotals(db, { kind: 'platform' }),
          dailySales(db, { kind: 'platform' }),
        ]);
        const entry = { at: Date.now(), figures };
        cached = entry;
        figures.catch(() => {
          if (cached === entry) cached = null;
        });
      }
      return cached.figures;
    },
    invalidate() {
      cached = null;
    },
  };
}
