import {
  Building2,
  CheckCircle2,
  Clock,
  DollarSign,
  PiggyBank,
  TrendingUp,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Role } from '@shared/accounts/accounts.schema';
import { PANEL_TITLES } from '@shared/accounts/messages';
import { formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import type { DailySales } from '@shared/orders/dashboard.schema';
import type { Order } from '@shared/orders/orders.schema';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { Card } from '@web/components/ui/card';
import { QueryFallback } from '@web/components/data-list';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate, formatShortDay } from '@web/lib/format-time';
import { useDashboard, type AnyDashboard } from './api/get-dashboard';
import { RevenueByChannel } from './revenue-by-channel';

/** The seller has a home of its own (features/seller); these are the other panels'. */
type HomeRole = Exclude<Role, 'seller'>;

/** The panel's home (spec 02 §2): a greeting by name and the role's figures. */
export function PanelHome({ role }: { role: HomeRole }) {
  const dashboard = useDashboard(role);
  if (!dashboard.isSuccess) {
    return (
      <QueryFallback
        query={dashboard}
        loading={
          <div className="flex min-h-[40dvh] items-center justify-center">
            <Spinner />
          </div>
        }
      />
    );
  }
  const data = dashboard.data;
  return (
    <div>
      <p className="text-sm font-semibold text-primary">{PANEL_TITLES[role]}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
        ¡Hola, {data.greetingName}!
      </h1>
      {role === 'company' && data.company ? (
        <p className="mt-1 text-muted-foreground">{data.company}</p>
      ) : null}
      {role === 'company' ? <CompanyFigures data={data} /> : null}
      {role === 'admin' ? <AdminFigures data={data} /> : null}
    </div>
  );
}

function CompanyFigures({ data }: { data: AnyDashboard }) {
  return (
    <>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Fact
          to="/company/orders?status=approved"
          icon={<DollarSign />}
          label="Ingresos totales"
          value={formatArs(data.total_income_cents ?? 0)}
        />
        <Fact
          to="/company/orders?status=pending_transfer"
          icon={<Clock />}
          label="Pedidos pendientes"
          value={String(data.pending_orders ?? 0)}
        />
        <Fact
          to="/company/orders?status=approved"
          icon={<CheckCircle2 />}
          label="Pedidos completados"
          value={String(data.completed_orders ?? 0)}
        />
      </div>
      <SalesChart days={data.daily_sales ?? []} title="Ventas de los últimos 30 días" />
      <RecentOrders orders={data.recent_orders ?? []} show="seller" />
    </>
  );
}

function AdminFigures({ data }: { data: AnyDashboard }) {
  return (
    <>
      {/* The two amounts get the wider cards: a revenue of billions still fits on one line. */}
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-[3fr_3fr_2fr_2fr]">
        <Fact
          icon={<TrendingUp />}
          label="Ingresos totales"
          value={formatArs(data.total_revenue_cents ?? 0)}
        />
        <Fact
          icon={<PiggyBank />}
          label="Ganancia de la plataforma"
          value={formatArs(data.platform_profit_cents ?? 0)}
        />
        <Fact icon={<Building2 />} label="Empresas" value={String(data.companies ?? 0)} />
        <Fact icon={<Users />} label="Vendedores" value={String(data.sellers ?? 0)} />
      </div>
      {data.by_channel ? (
        <RevenueByChannel
          byChannel={data.by_channel}
          otherCurrencies={data.other_currencies ?? []}
        />
      ) : null}
      <SalesChart
        days={data.daily_sales ?? []}
        title="Ingresos y ganancia de los últimos 30 días"
        profit
      />
      <RecentOrders orders={data.recent_orders ?? []} show="company" />
    </>
  );
}

function RecentOrders({ orders, show }: { orders: Order[]; show: 'seller' | 'company' }) {
  return (
    <Card className="mt-6 p-5">
      <h2 className="font-bold">Últimos pedidos</h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Todavía no hay pedidos.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {orders.map((order) => (
            <li
              key={order.id}
              className="flex flex-wrap items-center justify-between gap-2 py-2.5 text-sm"
            >
              <div className="min-w-48 flex-1">
                <p className="font-medium wrap-anywhere">{order.product_title}</p>
                <p className="text-xs text-muted-foreground">
                  {order.buyer.name} ·{' '}
                  {show === 'seller' ? (order.seller_name ?? 'Sin vendedor') : order.company_name} ·{' '}
                  {formatDate(order.created_at)}
                </p>
              </div>
              <div className="flex shrink-0 items-center gap-2">
                <OrderStatusBadge status={order.status} />
                <span className="font-semibold whitespace-nowrap tabular-nums">
                  {formatArs(order.total_cents)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Thirty bars a person reads at a glance; the numbers are in each bar's label. */
function SalesChart({
  days,
  title,
  profit = false,
}: {
  days: DailySales[];
  title: string;
  profit?: boolean;
}) {
  const max = Math.max(1, ...days.map((day) => day.total_cents));
  const total = days.reduce((sum, day) => sum + day.total_cents, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  return (
    <Card className="mt-6 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-bold">{title}</h2>
        <p className="text-sm text-muted-foreground">
          {formatArs(total)} · {countOf(orders, 'pedido', 'pedidos')}
        </p>
      </div>
      <ol className="mt-4 flex h-36 items-end gap-[3px]" aria-label={title}>
        {days.map((day) => {
          const label = `${formatShortDay(day.date)}: ${formatArs(day.total_cents)}, ${countOf(day.orders, 'pedido', 'pedidos')}${profit ? `, ganancia ${formatArs(day.platform_cents)}` : ''}`;
          return (
            <li
              key={day.date}
              className="relative flex h-full flex-1 items-end"
              title={label}
              aria-label={label}
            >
              <span
                className="w-full rounded-t bg-sky-600"
                style={{
                  height: `${Math.max(2, (day.total_cents / max) * 100)}%`,
                  opacity: day.total_cents ? 1 : 0.25,
                }}
              />
              {profit && day.platform_cents ? (
                <span
                  className="absolute bottom-0 w-full rounded-t bg-amber-400"
                  style={{ height: `${(day.platform_cents / max) * 100}%` }}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>hace 30 días</span>
        <span>hoy</span>
      </div>
    </Card>
  );
}

function Fact({
  icon,
  label,
  value,
  to,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  to?: string;
}) {
  // The figure has the card's whole width under its label and is never cut: billions of pesos
  // fit on one line at 1280 px; only a figure wider than the card itself would wrap.
  const body = (
    <Card className="h-full p-5 transition-colors hover:border-sky-300">
      <div className="flex items-center gap-3">
        <span
          className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-sky-100 text-primary [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
        <p className="min-w-0 text-sm text-muted-foreground">{label}</p>
      </div>
      <p className="mt-3 text-xl font-bold tabular-nums wrap-break-word">{value}</p>
    </Card>
  );
  return to ? (
    <Link to={to} className="block rounded-xl focus-visible:outline-2 focus-visible:outline-ring">
      {body}
    </Link>
  ) : (
    body
  );
}

/** One page per panel, for the section table. */
export const CompanyHome = () => <PanelHome role="company" />;
export const AdminHome = () => <PanelHome role="admin" />;
