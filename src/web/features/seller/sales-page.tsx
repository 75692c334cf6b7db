import { ShoppingBag } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatArs } from '@shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@shared/order-status';
import type { Order } from '@shared/orders/orders.schema';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { Button, buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { useSellerOrders } from './api/get-seller-orders';
import { EmptyState, PageHeading } from './components/empty-state';
import { LoadMore } from './components/load-more';
import { formatDateTime } from '@web/lib/format-time';
import { saleCommissionState, SALES_TEXT, type SaleCommissionState } from './seller-text';

/** spec 02 §9: order filters are all plus the five statuses. */
export const SALES_FILTERS = [
  'pending_payment',
  'pending_transfer',
  'approved',
  'delivered',
  'refunded',
] as const satisfies readonly OrderStatus[];

function statusFrom(value: string | null): OrderStatus | null {
  return (SALES_FILTERS as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : null;
}

/** /seller/orders (Mis Ventas): the seller's sales, filtered by status through `?estado=`. */
export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params.get('estado'));
  const orders = useSellerOrders(status);
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];

  function choose(next: OrderStatus | null) {
    setParams(next ? { estado: next } : {}, { replace: true });
  }

  return (
    <div>
      <PageHeading title={SALES_TEXT.title}>{SALES_TEXT.intro}</PageHeading>
      <div
        role="group"
        aria-label={SALES_TEXT.filterLabel}
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {[null, ...SALES_FILTERS].map((value) => {
          const active = value === status;
          return (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={active}
              onClick={() => choose(value)}
              className={cn(
                'h-9 shrink-0 rounded-full border px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                active
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-input bg-card text-slate-700 hover:bg-muted',
              )}
            >
              {value ? ORDER_STATUS_LABELS[value] : SALES_TEXT.all}
            </button>
          );
        })}
      </div>

      <div className="mt-4">
        {orders.isPending ? (
          <PageSpinner />
        ) : orders.isError ? (
          <div role="alert" className="space-y-3 text-center">
            <p className="text-destructive">{orders.error.message}</p>
            <Button variant="outline" onClick={() => orders.refetch()}>
              Reintentar
            </Button>
          </div>
        ) : items.length === 0 ? (
          status ? (
            <EmptyState icon={ShoppingBag} title={SALES_TEXT.emptyFilteredTitle}>
              {SALES_TEXT.emptyFiltered}
            </EmptyState>
          ) : (
            <EmptyState
              icon={ShoppingBag}
              title={SALES_TEXT.emptyTitle}
              action={
                <Link to={`${paths.seller}/products`} className={buttonVariants()}>
                  {SALES_TEXT.goToCatalogue}
                </Link>
              }
            >
              {SALES_TEXT.empty}
            </EmptyState>
          )
        ) : (
          <>
            <ul className="space-y-3" aria-label={SALES_TEXT.title}>
              {items.map((order) => (
                <SaleRow key={order.id} order={order} />
              ))}
            </ul>
            <LoadMore
              hasMore={orders.hasNextPage}
              loading={orders.isFetchingNextPage}
              onLoad={() => void orders.fetchNextPage()}
              label={SALES_TEXT.loadMore}
            />
          </>
        )}
      </div>
    </div>
  );
}

function SaleRow({ order }: { order: Order }) {
  return (
    <li>
      <Card className="p-4" data-testid="sale-row">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold leading-snug">{order.product_title}</p>
            {/* A phone has no hover to show a title: the whole name wraps instead. */}
            <p className="mt-0.5 text-sm break-words text-muted-foreground">
              {order.company_name}
              {order.quantity > 1 ? ` · ${SALES_TEXT.quantity(order.quantity)}` : ''}
            </p>
          </div>
          <OrderStatusBadge status={order.status} className="shrink-0" />
        </div>
        <div className="mt-3 flex items-end justify-between gap-3 border-t border-border pt-3">
          <p className="min-w-0 text-xs text-muted-foreground">
            <time dateTime={order.created_at} className="block">
              {formatDateTime(order.created_at)}
            </time>
            <span className="block">
              {SALES_TEXT.total}{' '}
              <span className="font-medium text-foreground tabular-nums">
                {formatArs(order.total_cents)}
              </span>
            </span>
          </p>
          <SaleCommission order={order} />
        </div>
      </Card>
    </li>
  );
}

const COMMISSION_CLASSES: Record<SaleCommissionState, string> = {
  earned: 'text-lg font-bold text-emerald-700',
  pending: 'text-lg font-semibold text-muted-foreground',
  none: 'text-base font-medium text-muted-foreground line-through',
};

/**
 * The seller's commission on the sale as their figures count it: earned
 * (bold green) only once approved or delivered; muted while unpaid; struck
 * through, with the status, when the sale expired or was refunded.
 */
function SaleCommission({ order }: { order: Order }) {
  const state = saleCommissionState(order.status);
  return (
    <p className="shrink-0 text-right" data-testid="sale-commission" data-state={state}>
      <span className="block text-xs text-muted-foreground">
        {SALES_TEXT.commissionLabel(state, ORDER_STATUS_LABELS[order.status])}
      </span>
      <span className={cn('whitespace-nowrap tabular-nums', COMMISSION_CLASSES[state])}>
        {state === 'none' ? <span className="sr-only">{SALES_TEXT.notEarned}: </span> : null}
        {formatArs(order.seller_cents)}
      </span>
    </p>
  );
}
