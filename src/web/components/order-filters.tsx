import { Download, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FIRST_DAY, LAST_DAY } from '@shared/time';
import { LINK_ORDER_STATUSES, ORDER_STATUS_LABELS, ORDER_STATUSES } from '@shared/order-status';
import { ORDER_CHANNEL_LABELS, ORDER_CHANNELS } from '@shared/orders/orders.schema';
import { useListParams } from '@web/lib/use-list-params';
import { Button } from './ui/button';
import { Input } from './ui/input';

const FILTERS = ['status', 'q', 'from', 'to', 'channel'] as const;

/** The order filters, kept in the address so a filtered view can be bookmarked and shared. */
export function useOrderFilters() {
  const { values, page, set } = useListParams(FILTERS);
  const filters = { ...values, page };
  /** The same filters as a query string for the API (and the CSV export). */
  const query = (withPage = true) => {
    const out = new URLSearchParams();
    for (const key of FILTERS) if (filters[key]) out.set(key, filters[key]);
    if (withPage) out.set('page', String(filters.page));
    return out.toString();
  };
  return { filters, set, query };
}

/**
 * The text typed in the search box, committed to the filters a moment after
 * the person stops typing.
 */
function useSearchText(filters: ReturnType<typeof useOrderFilters>) {
  const { filters: current, set } = filters;
  const [search, setSearch] = useState(current.q);
  useEffect(() => {
    const timer = setTimeout(() => search !== current.q && set({ q: search.trim() }), 350);
    return () => clearTimeout(timer);
  }, [search]); // eslint-disable-line react-hooks/exhaustive-deps
  return [search, setSearch] as const;
}

/** The orders' filters: channel (admin), status, text, dates, and the CSV export. */
export function OrderFilters({
  filters,
  show,
  exportHref,
}: {
  filters: ReturnType<typeof useOrderFilters>;
  show: 'company' | 'admin';
  exportHref?: string | undefined;
}) {
  const { filters: current, set } = filters;
  const [search, setSearch] = useSearchText(filters);
  // Only the admin sees storefront orders, with their own statuses.
  const statuses = show === 'admin' ? ORDER_STATUSES : LINK_ORDER_STATUSES;
  const pill = (pressed: boolean) =>
    `shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${pressed ? 'border-primary bg-primary text-white' : 'border-border bg-card hover:bg-muted'}`;

  return (
    <>
      {show === 'admin' ? (
        <div
          className="mb-2 flex gap-2 overflow-x-auto pb-1"
          role="group"
          aria-label="Filtrar por canal"
        >
          {['', ...ORDER_CHANNELS].map((value) => (
            <button
              key={value || 'all'}
              type="button"
              aria-pressed={current.channel === value}
              onClick={() => set({ channel: value })}
              className={pill(current.channel === value)}
            >
              {value
                ? ORDER_CHANNEL_LABELS[value as keyof typeof ORDER_CHANNEL_LABELS]
                : 'Todos los canales'}
            </button>
          ))}
        </div>
      ) : null}
      <div className="flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Filtrar por estado">
        {['', ...statuses].map((value) => (
          <button
            key={value || 'all'}
            type="button"
            aria-pressed={current.status === value}
            onClick={() => set({ status: value })}
            className={pill(current.status === value)}
          >
            {value ? ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS] : 'Todos'}
          </button>
        ))}
      </div>
      <div className="mt-3 grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Referencia, producto o comprador"
            aria-label="Buscar pedidos"
            className="pl-9"
          />
        </div>
        {/* Visible labels: on a phone a date field shows no placeholder to say which is which. */}
        <div className="grid grid-cols-2 gap-2">
          <label className="grid min-w-0 gap-1 text-xs font-medium text-muted-foreground">
            Desde
            <Input
              type="date"
              className="min-w-0"
              min={FIRST_DAY}
              max={LAST_DAY}
              value={current.from}
              onChange={(e) => set({ from: e.target.value })}
            />
          </label>
          <label className="grid min-w-0 gap-1 text-xs font-medium text-muted-foreground">
            Hasta
            <Input
              type="date"
              className="min-w-0"
              min={FIRST_DAY}
              max={LAST_DAY}
              value={current.to}
              onChange={(e) => set({ to: e.target.value })}
            />
          </label>
        </div>
        {exportHref ? (
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download className="size-4" aria-hidden />
              Exportar CSV
            </a>
          </Button>
        ) : null}
      </div>
    </>
  );
}
