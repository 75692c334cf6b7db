import {
  CalendarCheck,
  Coins,
  MousePointerClick,
  Percent,
  ShoppingBag,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { channelLabel, type AnalyticsReport } from '@shared/analytics/analytics.schema';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import { argentineDay, formatCalendarDay, formatShortDay, shiftDay } from '@shared/time';
import { QueryFallback } from '@web/components/data-list';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/cn';
import { useAnalytics, type AnalyticsSurface } from './api/get-analytics';

/** The chart library is downloaded with the chart, on these pages only. */
const DailyChart = lazy(() => import('./components/daily-chart'));

const PERIODS = [7, 30, 90] as const;
type Period = (typeof PERIODS)[number];

const COUNT = new Intl.NumberFormat('es-AR');

/** «1 pedido», «2 pedidos». */
const count = (value: number, one: string, many: string) =>
  `${COUNT.format(value)} ${value === 1 ? one : many}`;

function rangeOf(period: Period, now = new Date()): { from: string; to: string } {
  const to = argentineDay(now);
  return { from: shiftDay(to, -(period - 1)), to };
}

const TEXT = {
  seller: {
    intro: 'Quién abrió tus links, desde dónde y cuántos compraron.',
    empty:
      'Todavía no hay visitas a tus links en este período. Compártelos desde el Catálogo: cada botón (WhatsApp, QR, Compartir) dice de dónde vino cada visita.',
    commission: 'Comisión ganada',
  },
  company: {
    intro: 'Las visitas a los links de tus productos, por vendedor, producto y canal.',
    empty: 'Todavía no hay visitas a los links de tus productos en este período.',
    commission: 'Comisión de las ventas',
  },
  admin: {
    intro:
      'Las visitas a todos los links de la plataforma, con los mejores vendedores, productos y canales.',
    empty: 'Todavía no hay visitas a los links en este período.',
    commission: 'Comisión de las ventas',
  },
} satisfies Record<AnalyticsSurface, { intro: string; empty: string; commission: string }>;

/** The links' funnel of one surface: figures, a daily chart, and breakdowns by channel, product and seller. */
export function AnalyticsView({ surface }: { surface: AnalyticsSurface }) {
  const [period, setPeriod] = useState<Period>(30);
  const report = useAnalytics(surface, rangeOf(period));
  const text = TEXT[surface];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Estadísticas</h1>
          <p className="mt-1 text-sm text-muted-foreground">{text.intro}</p>
        </div>
        <div
          role="group"
          aria-label="Período"
          className="inline-flex rounded-lg border bg-white p-1"
        >
          {PERIODS.map((days) => (
            <button
              key={days}
              type="button"
              aria-pressed={period === days}
              onClick={() => setPeriod(days)}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                period === days
                  ? 'bg-primary text-primary-foreground'
                  : 'text-muted-foreground hover:bg-muted',
              )}
            >
              {days} días
            </button>
          ))}
        </div>
      </div>
      {report.isSuccess ? (
        <Report report={report.data} surface={surface} />
      ) : (
        <QueryFallback query={report} />
      )}
    </div>
  );
}

function Report({ report, surface }: { report: AnalyticsReport; surface: AnalyticsSurface }) {
  const text = TEXT[surface];
  const quiet = report.clicks === 0 && report.orders === 0;
  return (
    <>
      <section aria-label="Resumen" className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <Figure icon={MousePointerClick} label="Clics" value={COUNT.format(report.clicks)} />
        <Figure
          icon={Users}
          label="Visitantes únicos"
          value={COUNT.format(report.unique_visitors)}
        />
        <Figure icon={ShoppingBag} label="Pedidos" value={COUNT.format(report.orders)} />
        <Figure
          icon={CalendarCheck}
          label="Aprobados"
          value={COUNT.format(report.approved_orders)}
        />
        <Figure
          icon={Percent}
          label="Conversión"
          value={formatBpsAsPercent(report.conversion_bps)}
          note="Pedidos aprobados sobre visitantes únicos"
        />
        <Figure icon={Coins} label={text.commission} value={formatArs(report.commission_cents)} />
      </section>

      {quiet ? (
        <Card className="p-6 text-sm text-muted-foreground">{text.empty}</Card>
      ) : (
        <p className="text-sm text-muted-foreground">
          {report.best_day ? (
            <>
              Mejor día:{' '}
              <strong className="text-foreground">{formatCalendarDay(report.best_day)}</strong>
            </>
          ) : null}
          {report.best_day && report.best_channel ? ' · ' : null}
          {report.best_channel ? (
            <>
              Mejor canal:{' '}
              <strong className="text-foreground">{channelLabel(report.best_channel)}</strong>
            </>
          ) : null}
        </p>
      )}

      <Card className="p-4 sm:p-5">
        <h2 className="font-bold text-foreground">Clics y pedidos por día</h2>
        <Suspense
          fallback={
            <div className="flex h-52 items-center justify-center">
              <Spinner label="Cargando el gráfico…" />
            </div>
          }
        >
          <div className="mt-3">
            <DailyChart
              points={report.daily.map((day) => ({
                day: day.day,
                clicks: day.clicks,
                orders: day.orders,
              }))}
            />
          </div>
        </Suspense>
        <table className="sr-only">
          <caption>Clics, visitantes únicos y pedidos por día</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Clics</th>
              <th scope="col">Visitantes únicos</th>
              <th scope="col">Pedidos</th>
            </tr>
          </thead>
          <tbody>
            {report.daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatShortDay(day.day)}</th>
                <td>{day.clicks}</td>
                <td>{day.unique_visitors}</td>
                <td>{day.orders}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Breakdown
          title="Por canal"
          empty="Sin visitas en este período."
          rows={report.by_channel.map((row) => ({
            key: row.channel,
            name: channelLabel(row.channel),
            ...row,
          }))}
        />
        <Breakdown
          title="Por producto"
          empty="Sin visitas en este período."
          rows={report.by_product.map((row) => ({
            key: row.product_id,
            name: row.title || 'Producto eliminado',
            ...row,
          }))}
        />
        {report.by_seller ? (
          <Breakdown
            title={surface === 'admin' ? 'Mejores vendedores' : 'Por vendedor'}
            empty="Ningún vendedor tuvo visitas en este período."
            rows={report.by_seller.map((row) => ({ ...row, key: row.seller_id }))}
          />
        ) : null}
      </div>
    </>
  );
}

function Figure({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  /** What the figure means, when its name alone does not say (Conversión). */
  note?: string;
}) {
  return (
    <Card className="p-4">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {label}
      </p>
      <p className="mt-1 text-xl font-bold tabular-nums text-foreground">{value}</p>
      {note ? <p className="mt-0.5 text-xs text-muted-foreground">{note}</p> : null}
    </Card>
  );
}

interface BreakdownRow {
  key: string;
  name: string;
  clicks: number;
  unique_visitors: number;
  orders: number;
  approved_orders: number;
}

/** One breakdown as a list: each row's share of clicks as a bar, then its numbers. */
function Breakdown({ title, rows, empty }: { title: string; rows: BreakdownRow[]; empty: string }) {
  const most = Math.max(1, ...rows.map((row) => row.clicks));
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="font-bold text-foreground">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={title} className="mt-3 space-y-3">
          {rows.map((row) => (
            <li key={row.key} className="text-sm">
              <div className="flex items-baseline justify-between gap-3">
                <span className="min-w-0 truncate font-medium text-foreground" title={row.name}>
                  {row.name}
                </span>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {count(row.clicks, 'clic', 'clics')}
                </span>
              </div>
              <div aria-hidden className="mt-1 h-1.5 rounded-full bg-muted">
                <div
                  className="h-1.5 rounded-full bg-sky-600"
                  style={{ width: `${(row.clicks / most) * 100}%` }}
                />
              </div>
              <p className="mt-1 text-xs text-muted-foreground">
                {count(row.unique_visitors, 'visitante', 'visitantes')} ·{' '}
                {count(row.orders, 'pedido', 'pedidos')} ·{' '}
                {count(row.approved_orders, 'aprobado', 'aprobados')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function SellerStatisticsPage() {
  return <AnalyticsView surface="seller" />;
}

export function CompanyStatisticsPage() {
  return <AnalyticsView surface="company" />;
}

export function AdminStatisticsPage() {
  return <AnalyticsView surface="admin" />;
}
