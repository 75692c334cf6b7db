import { ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatArs, formatStoreMoney } from '@shared/money';
import { storeCurrencyFor } from '@shared/store/store-price';
import { countOf } from '@shared/plural';
import type { Order, OrderList } from '@shared/orders/orders.schema';
import { formatDate } from '@web/lib/format-time';
import { EmailText } from './email-text';
import { DataList, EmptyList, type ListQuery } from './data-list';
import { OrderFilters, type useOrderFilters } from './order-filters';
import { OrderStatusBadge } from './order-status-badge';
import { Card } from './ui/card';
import { MONEY_CELL } from './ui/table';

export { useOrderFilters } from './order-filters';

const METHOD_LABELS: Record<string, string> = {
  mercadopago: 'MercadoPago',
  stripe: 'Tarjeta',
  transferencia: 'Transferencia',
};

export interface OrdersTableProps {
  list: ListQuery<OrderList>;
  filters: ReturnType<typeof useOrderFilters>;
  /** Which names to show besides the product: the seller (company view) or both (admin). */
  show: 'company' | 'admin';
  exportHref?: string;
  /** Extra controls per order (confirm a transfer, change the status, see the history). */
  actions?: (order: Order) => ReactNode;
  /** The company's view also shows its own earnings. */
  earnings?: boolean;
  /** The status cell, when it is a control (the admin's select); by default the badge. */
  status?: (order: Order) => ReactNode;
}

/** Orders with filters (all plus the statuses, dates, text), a table on desktop and cards on phones. */
export function OrdersTable({
  list,
  filters,
  show,
  exportHref,
  actions,
  earnings,
  status,
}: OrdersTableProps) {
  const { filters: current, set } = filters;

  const who = (order: Order) =>
    show === 'admin'
      ? `${order.company_name} · ${order.seller_name ?? 'Sin vendedor'}`
      : (order.seller_name ?? 'Sin vendedor');
  const soldBy = (order: Order) => {
    const seller = order.seller_name ? `Vendido por ${order.seller_name}` : 'Sin vendedor';
    return show === 'admin' ? [order.company_name, seller] : [seller];
  };

  return (
    <div>
      <OrderFilters filters={filters} show={show} exportHref={exportHref} />
      <DataList
        query={list}
        loadingLabel="Cargando pedidos…"
        paging={{ page: current.page, set }}
        count={(total) => countOf(total, 'pedido', 'pedidos')}
        rowKey={(order) => order.id}
        columns={[
          {
            header: 'Pedido',
            cell: (order) => (
              <>
                <p className="font-semibold wrap-anywhere">{order.product_title}</p>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  <OrderFacts order={order} units />
                </p>
                <p className="mt-0.5 text-xs wrap-anywhere">
                  {soldBy(order).map((part, index) => (
                    <span key={index}>
                      {index > 0 ? ' · ' : null}
                      <span className="inline-block">{part}</span>
                    </span>
                  ))}
                </p>
              </>
            ),
          },
          {
            header: 'Comprador',
            cell: (order) => (
              <>
                <span className="wrap-anywhere">
                  {order.buyer.name ?? 'Sin datos del comprador'}
                </span>
                {order.buyer.email ? (
                  <EmailText
                    email={order.buyer.email}
                    className="block text-xs text-muted-foreground"
                  />
                ) : null}
              </>
            ),
            className: 'min-w-52 text-sm',
          },
          {
            header: 'Importe',
            cell: (order) => (
              <>
                <p className="font-semibold">{orderTotal(order)}</p>
                {earnings ? (
                  <p className="text-xs text-muted-foreground">
                    Para ti {formatArs(order.company_cents)}
                  </p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  Comisión {formatArs(order.seller_cents)}
                </p>
              </>
            ),
            className: MONEY_CELL,
          },
          {
            header: 'Estado',
            cell: (order) => (
              <div className="flex flex-col items-end gap-2">
                {status ? status(order) : <OrderStatusBadge status={order.status} />}
                {actions?.(order)}
              </div>
            ),
            className: 'w-px',
            headerClassName: 'w-px text-right',
          },
        ]}
        card={(order) => (
          <Card className="p-4">
            {/* The reference beside the status, so a long title has the card's whole width. */}
            <div className="flex items-center justify-between gap-2">
              <p className="text-xs font-medium whitespace-nowrap text-muted-foreground">
                {order.external_reference}
              </p>
              <OrderStatusBadge status={order.status} />
            </div>
            <p className="mt-1 font-semibold wrap-anywhere">{order.product_title}</p>
            <p className="text-xs text-muted-foreground">
              <OrderFacts order={order} reference={false} units />
            </p>
            <p className="mt-2 text-sm wrap-anywhere">
              {order.buyer.name ?? 'Sin datos del comprador'} · {who(order)}
            </p>
            <p className="mt-1 text-sm">
              <span className="font-bold whitespace-nowrap">{orderTotal(order)}</span>
              {earnings ? (
                <span className="text-muted-foreground">
                  {' · '}
                  <span className="whitespace-nowrap">
                    para ti {formatArs(order.company_cents)}
                  </span>
                </span>
              ) : null}
              <span className="text-muted-foreground">
                {' · '}
                <span className="whitespace-nowrap">comisión {formatArs(order.seller_cents)}</span>
              </span>
            </p>
            {status || actions ? (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {status?.(order)}
                {actions?.(order)}
              </div>
            ) : null}
          </Card>
        )}
        empty={
          <EmptyList icon={ShoppingBag} title="No hay pedidos que coincidan">
            Prueba con otro estado, otras fechas u otra búsqueda.
          </EmptyList>
        }
      />
    </div>
  );
}

/** A payment link's total in pesos; a storefront order's in its own currency. */
function orderTotal(order: Order): string {
  return order.currency === 'ars'
    ? formatArs(order.total_cents)
    : formatStoreMoney(order.total_cents, storeCurrencyFor(order.currency));
}

/** Reference, day, method (and units): each fact stays whole, lines break between them. */
function OrderFacts({
  order,
  reference = true,
  units = false,
}: {
  order: Order;
  reference?: boolean;
  units?: boolean;
}) {
  const facts = [
    ...(reference ? [order.external_reference] : []),
    formatDate(order.created_at),
    order.provider ? METHOD_LABELS[order.provider] : 'Medio de pago sin elegir',
    ...(units ? [`${order.quantity} u.`] : []),
  ];
  return facts.map((fact, index) => (
    <span key={index}>
      {index > 0 ? ' · ' : null}
      <span className="whitespace-nowrap">{fact}</span>
    </span>
  ));
}
