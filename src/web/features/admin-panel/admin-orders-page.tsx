import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { ADMIN_ORDER_MESSAGES } from '@shared/admin/admin.schema';
import { ADMIN_SETTABLE_STATUSES, ORDER_STATUS_LABELS } from '@shared/order-status';
import type { Order, OrderList } from '@shared/orders/orders.schema';
import { OrderTimelineDialog } from '@web/components/order-timeline-dialog';
import { OrdersTable, useOrderFilters } from '@web/components/orders-table';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';
import { adminKeys } from './api/admin-keys';
import { StoreTransfers } from './store-transfers';

const REFUND_CONFIRMATION =
  'El pedido deja de contar como venta: el vendedor pierde la comisión y los puntos que le dio, y las unidades vuelven al stock. Hazlo cuando el dinero ya se devolvió al comprador.';

/** spec 02 §2, §4 admin Pedidos: every order, a status select applied optimistically, the tracking dialog. */
export function AdminOrdersPage() {
  const client = useQueryClient();
  const filters = useOrderFilters();
  const key = ['admin-orders', filters.query()] as const;
  const list = useQuery({
    queryKey: key,
    queryFn: () => apiRequest<OrderList>(`/api/admin/orders?${filters.query()}`),
    placeholderData: keepPreviousData,
  });
  const [tracking, setTracking] = useState<Order | null>(null);
  // 'Reintegrado' takes back the seller's commission and points: it is asked first.
  const [refunding, setRefunding] = useState<Order | null>(null);
  const change = useMutation({
    mutationFn: (input: { id: string; status: string }) =>
      apiRequest<Order>(`/api/admin/orders/${input.id}`, {
        method: 'PATCH',
        body: { status: input.status },
      }),
    // spec 02 §4: applied on screen at once, reverted if the update fails.
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<OrderList>(key);
      client.setQueryData<OrderList>(key, (data) =>
        data
          ? {
              ...data,
              items: data.items.map((order) =>
                order.id === input.id
                  ? { ...order, status: input.status as Order['status'] }
                  : order,
              ),
            }
          : data,
      );
      return { before };
    },
    onError: (_error, _input, context) => {
      client.setQueryData(key, context?.before);
      toast({ title: ADMIN_ORDER_MESSAGES.changeFailed, variant: 'destructive' });
    },
    onSuccess: () => toast({ title: 'Estado actualizado.', variant: 'success' }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin-orders'] });
      void client.invalidateQueries({ queryKey: ['order-history'] });
      // The audit log, the ranking's points and the products' stock follow a status change.
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Pedidos</h1>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">Todos los pedidos de la plataforma.</p>
      <StoreTransfers />
      <OrdersTable
        list={list}
        filters={filters}
        show="admin"
        exportHref={`/api/admin/orders/export.csv?${filters.query(false)}`}
        // The status select and the history button share one line (the table's Estado column).
        status={(order) => (
          <div className="flex items-center gap-2">
            <select
              aria-label={`Estado de ${order.external_reference}`}
              value={order.status}
              onChange={(event) =>
                event.target.value === 'refunded'
                  ? setRefunding(order)
                  : change.mutate({ id: order.id, status: event.target.value })
              }
              className="h-9 min-w-52 rounded-lg border border-input bg-background pr-8 pl-2 text-sm"
            >
              {!(ADMIN_SETTABLE_STATUSES as readonly string[]).includes(order.status) ? (
                <option value={order.status} disabled>
                  {ORDER_STATUS_LABELS[order.status]}
                </option>
              ) : null}
              {ADMIN_SETTABLE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {ORDER_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
            <Button
              size="icon"
              variant="outline"
              aria-label="Seguimiento"
              title="Seguimiento"
              className="size-9"
              onClick={() => setTracking(order)}
            >
              <History aria-hidden />
            </Button>
          </div>
        )}
      />
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => (open ? null : setRefunding(null))}
        title={`¿Marcar el pedido ${refunding?.external_reference ?? ''} como Reintegrado?`}
        description={REFUND_CONFIRMATION}
        confirmLabel="Marcar como Reintegrado"
        onConfirm={() => {
          if (refunding) change.mutate({ id: refunding.id, status: 'refunded' });
          setRefunding(null);
        }}
      />
      <OrderTimelineDialog
        historyUrl={tracking ? `/api/admin/orders/${tracking.id}/history` : null}
        title={tracking ? `${tracking.product_title} · ${tracking.external_reference}` : ''}
        onClose={() => setTracking(null)}
      />
    </div>
  );
}
