import {
  HOME_CURRENCY,
  type AdminDashboardFigures,
  type DailySales,
  type RevenueFigures,
} from '@shared/orders/dashboard.schema';
import type { Database } from '../../db/client';
import {
  dailySales,
  soldTotals,
  storeSalesByCurrency,
  type Sums,
} from '../orders/orders-metrics.service';
import { countProfilesByRole } from '../profiles/profiles.service';

/** How long an instance reuses the platform-wide sums (revenue, profit, 30 days). */
const PLATFORM_FIGURES_TTL_MS = 5_000;

/** Two series of the same days added up, day by day (the links' and the storefront's). */
function addedDays(a: DailySales[], b: DailySales[]): DailySales[] {
  const other = new Map(b.map((day) => [day.date, day]));
  return a.map((day) => ({
    date: day.date,
    orders: day.orders + (other.get(day.date)?.orders ?? 0),
    total_cents: day.total_cents + (other.get(day.date)?.total_cents ?? 0),
    platform_cents: day.platform_cents + (other.get(day.date)?.platform_cents ?? 0),
  }));
}

type Figures = [
  links: Awaited<ReturnType<typeof soldTotals>>,
  daily: Awaited<ReturnType<typeof dailySales>>,
  store: Awaited<ReturnType<typeof storeSalesByCurrency>>,
  roles: Awaited<ReturnType<typeof countProfilesByRole>>,
];

/**
 * The admin dashboard's platform-wide sums, reused for a few seconds: the
 * payment links' sold orders (from the companies' totals), the 30 days of
 * both channels (in pesos), and
 * the storefront's sold orders per currency, and how many companies and
 * sellers there are.
 */
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
          Promise.all([
            dailySales(db, { kind: 'platform' }),
            dailySales(db, { kind: 'store' }),
          ]).then(([links, store]) => addedDays(links, store)),
          storeSalesByCurrency(db),
          countProfilesByRole(db),
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

const revenueOf = (sums: Sums | undefined): RevenueFigures => ({
  orders: sums?.count ?? 0,
  revenue_cents: sums?.totalCents ?? 0,
  profit_cents: sums?.platformCents ?? 0,
});

/**
 * The admin's revenue and profit (API.md): every approved and delivered
 * order of both channels in pesos, payment links (always pesos) and the
 * storefront, split by channel; the storefront's sales in other currencies
 * listed apart, since pesos and euros do not add up.
 */
export function platformRevenue(
  links: Sums,
  store: Map<string, Sums>,
): Pick<
  AdminDashboardFigures,
  'total_revenue_cents' | 'platform_profit_cents' | 'by_channel' | 'other_currencies'
> {
  const byChannel = { link: revenueOf(links), store: revenueOf(store.get(HOME_CURRENCY)) };
  return {
    total_revenue_cents: byChannel.link.revenue_cents + byChannel.store.revenue_cents,
    platform_profit_cents: byChannel.link.profit_cents + byChannel.store.profit_cents,
    by_channel: byChannel,
    other_currencies: [...store]
      .filter(([currency]) => currency !== HOME_CURRENCY)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([currency, sums]) => ({ currency, ...revenueOf(sums) })),
  };
}
