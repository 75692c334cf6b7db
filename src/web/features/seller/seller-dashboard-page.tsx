import {
  Award,
  BarChart3,
  Coins,
  MapPin,
  Package,
  ShoppingBag,
  Target,
  TrendingUp,
  Trophy,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PANEL_TITLES } from '@shared/accounts/messages';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import {
  COMMISSION_EFFECT_LABELS,
  COMMISSION_SIGNS,
  commissionEffect,
  type CommissionEffect,
} from '@shared/seller/activity-commission';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { buttonVariants } from '@web/components/ui/button';
import { QueryFallback } from '@web/components/data-list';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { useLinkFunnel } from './api/get-link-funnel';
import { useSellerDashboard, type SellerDashboard } from './api/get-seller-dashboard';
import { GoalProgress } from './components/goal-progress';
import { formatRelative } from '@web/lib/format-time';
import { DASHBOARD_TEXT } from './seller-text';

const sellerPath = (section: string) => `${paths.seller}/${section}`;

/** /seller: greeting, what the seller sold and earned, points and rank, the month's goal, activity. */
export function SellerDashboardPage() {
  const dashboard = useSellerDashboard();
  if (!dashboard.isSuccess) return <QueryFallback query={dashboard} />;
  const data = dashboard.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-primary">{PANEL_TITLES.seller}</p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
            {DASHBOARD_TEXT.greeting(data.greetingName)}
          </h1>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            {data.province ? (
              DASHBOARD_TEXT.sellsIn(data.province)
            ) : (
              <Link to={sellerPath('settings')} className="font-medium text-primary underline">
                {DASHBOARD_TEXT.noProvince}
              </Link>
            )}
          </p>
        </div>
        <Link
          to={sellerPath('products')}
          className={buttonVariants({ className: 'w-full sm:w-auto' })}
        >
          <Package aria-hidden />
          {DASHBOARD_TEXT.shareCta}
        </Link>
      </div>

      <section aria-label="Tus números" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          icon={<TrendingUp />}
          label={DASHBOARD_TEXT.totalSales}
          value={formatArs(data.total_sales_cents ?? 0)}
          testId="figure-total-sales"
          wide
        />
        <Figure
          icon={<Coins />}
          label={DASHBOARD_TEXT.commissions}
          value={formatArs(data.commissions_cents ?? 0)}
          testId="figure-commissions"
          tone="emerald"
          wide
        />
        <Figure
          icon={<ShoppingBag />}
          label={DASHBOARD_TEXT.salesCount}
          value={String(data.sales_count ?? 0)}
          hint={DASHBOARD_TEXT.salesCountHint}
          testId="figure-sales-count"
        />
        <Figure
          icon={<Award />}
          label={DASHBOARD_TEXT.points}
          value={String(data.points)}
          testId="figure-points"
        />
        <Link
          to={sellerPath('ranking')}
          className="col-span-2 rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Figure
            icon={<Trophy />}
            label={DASHBOARD_TEXT.rank}
            value={DASHBOARD_TEXT.rankValue(data.rank ?? null)}
            {...(data.rank == null ? { hint: DASHBOARD_TEXT.noRankHint } : {})}
            testId="figure-rank"
            className="h-full transition-colors hover:bg-muted/60"
          />
        </Link>
      </section>

      <LinkFunnelCard />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <GoalCard goal={data.goal ?? null} />
        <ActivityCard activity={data.recent_activity ?? []} />
      </div>
    </div>
  );
}

function Figure({
  icon,
  label,
  value,
  hint,
  testId,
  tone = 'sky',
  wide = false,
  className,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint?: string;
  testId: string;
  tone?: 'sky' | 'emerald';
  wide?: boolean;
  className?: string;
}) {
  return (
    <Card className={cn('min-w-0 p-4', wide && 'col-span-2', className)}>
      <div className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden
          className={cn(
            'flex size-8 items-center justify-center rounded-lg [&_svg]:size-4',
            tone === 'emerald' ? 'bg-emerald-100 text-emerald-700' : 'bg-sky-100 text-primary',
          )}
        >
          {icon}
        </span>
        {label}
      </div>
      <p
        className="mt-2 truncate text-2xl font-bold tabular-nums"
        data-testid={testId}
        title={value}
      >
        {value}
      </p>
      {hint ? <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

const COUNT = new Intl.NumberFormat('es-AR');

/** The last 30 days of the seller's links: clicks, unique visitors and conversion, and the way to Estadísticas. */
function LinkFunnelCard() {
  const funnel = useLinkFunnel();
  if (!funnel.isSuccess) return null;
  const data = funnel.data;
  const figures = [
    { label: 'Clics', value: COUNT.format(data.clicks) },
    { label: 'Visitantes únicos', value: COUNT.format(data.unique_visitors) },
    { label: 'Pedidos', value: COUNT.format(data.orders) },
    { label: 'Conversión', value: formatBpsAsPercent(data.conversion_bps) },
  ];
  return (
    <Card className="p-5" data-testid="dashboard-link-funnel">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <BarChart3 className="size-5 text-primary" aria-hidden />
          Tus links, últimos 30 días
        </h2>
        <Link to={sellerPath('statistics')} className="text-sm font-semibold text-primary">
          Ver estadísticas
        </Link>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-muted-foreground">{figure.label}</dt>
            <dd className="text-xl font-bold tabular-nums">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function GoalCard({ goal }: { goal: SellerDashboard['goal'] }) {
  return (
    <Card className="p-5" data-testid="dashboard-goal">
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-lg font-bold">
          <Target className="size-5 text-primary" aria-hidden />
          {DASHBOARD_TEXT.goalTitle}
        </h2>
        {goal ? (
          <Link to={sellerPath('goals')} className="text-sm font-semibold text-primary">
            {DASHBOARD_TEXT.editGoal}
          </Link>
        ) : null}
      </div>
      {goal ? (
        <GoalProgress goal={goal} className="mt-4" />
      ) : (
        <div className="mt-3 space-y-3">
          <p className="text-sm text-muted-foreground">{DASHBOARD_TEXT.noGoal}</p>
          <Link to={sellerPath('goals')} className={buttonVariants({ variant: 'outline' })}>
            {DASHBOARD_TEXT.setGoal}
          </Link>
        </div>
      )}
    </Card>
  );
}

function ActivityCard({ activity }: { activity: SellerDashboard['recent_activity'] }) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold">{DASHBOARD_TEXT.activityTitle}</h2>
        {activity.length ? (
          <Link to={sellerPath('orders')} className="text-sm font-semibold text-primary">
            {DASHBOARD_TEXT.seeSales}
          </Link>
        ) : null}
      </div>
      {activity.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">{DASHBOARD_TEXT.noActivity}</p>
      ) : (
        <ul className="mt-3 divide-y divide-border" data-testid="recent-activity">
          {activity.map((item) => (
            <li
              key={`${item.order_id}-${item.status}-${item.at}`}
              className="flex items-start justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                {/* Wrapped, not cut: a phone shows no title on hover. */}
                <p className="font-medium break-words">{item.product_title}</p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <OrderStatusBadge status={item.status} />
                  <time dateTime={item.at}>{formatRelative(item.at)}</time>
                </p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-semibold tabular-nums">
                  {formatArs(item.total_cents)}
                </span>
                <CommissionAmount item={item} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

const EFFECT_CLASSES: Record<CommissionEffect, string> = {
  earned: 'text-emerald-700',
  pending: 'text-muted-foreground',
  taken_back: 'text-destructive',
  none: 'text-muted-foreground line-through',
};

/**
 * The seller's commission on one step of an order, signed and coloured as
 * their figures count it: + when it counts, − when it was taken back, no sign
 * while unpaid, struck through when it never counted.
 */
function CommissionAmount({ item }: { item: SellerDashboard['recent_activity'][number] }) {
  const effect = commissionEffect(item.status, item.previous_status);
  return (
    <span
      className={cn('text-xs tabular-nums', EFFECT_CLASSES[effect])}
      data-testid="activity-commission"
      data-effect={effect}
    >
      <span className="sr-only">{COMMISSION_EFFECT_LABELS[effect]}: </span>
      {COMMISSION_SIGNS[effect]}
      {formatArs(item.seller_cents)}
    </span>
  );
}
