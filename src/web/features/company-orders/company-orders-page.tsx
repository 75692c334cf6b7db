import { useMutation, useQuery, useQueryClient, keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_MESSAGES, type Order, type OrderList } from '@shared/orders/orders.schema';
import { OrderTimelineDialog } from '@web/components/order-timeline-dialog';
import { OrdersTable, useOrderFilters } from '@web/components/orders-table';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';
import { formatArs } from '@shared/money';
import { ReleaseOrderAction } from './release-order-action';

/**
 * A transfer still to confirm: one awaited, or one whose order expired (its
 * time ran out, or the company released its units) and arrived late. The
 * server takes the units again if they are still there (409 otherwise), as
 * the 'Liberar unidades' dialog promises.
 */
function canConfirmTransfer(order: Order): boolean {
  return (
    order.status === 'pending_transfer' ||
    (order.status === 'expired' && order.provider === 'transferencia')
  );
}

function confirmDescription(order: Order): string {
  const check = `Confirma solo si ves en tu cuenta ${formatArs(order.total_cents)} con la referencia ${order.external_reference}.`;
  if (order.status !== 'expired') return `${check} El pedido quedará completado.`;
  const units = order.quantity === 1 ? 'su unidad' : `sus ${order.quantity} unidades`;
  return `${check} El pedido venció y sus unidades volvieron al stock: al confirmarlo queda completado y vuelve a tomar ${units} de ${order.product_title}, si todavía hay stock.`;
}

/** spec 02 §2 Pedidos (/company/orders): the company's sales, transfers to confirm, CSV. */
export function CompanyOrdersPage() {
  const client = useQueryClient();
  const filters = useOrderFilters();
  const list = useQuery({
    queryKey: ['company-orders', filters.query()],
    queryFn: () => apiRequest<OrderList>(`/api/company/orders?${filters.query()}`),
    placeholderData: keepPreviousData,
  });
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [tracking, setTracking] = useState<Order | null>(null);
  const confirm = useMutation({
    mutationFn: (id: string) =>
      apiRequest<Order>(`/api/company/orders/${id}/confirm-transfer`, { method: 'POST' }),
    onSuccess: () => toast({ title: ORDER_MESSAGES.transferConfirmed, variant: 'success' }),
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    onSettled: () => {
      setConfirming(null);
      void client.invalidateQueries({ queryKey: ['company-orders'] });
      void client.invalidateQueries({ queryKey: ['panel-dashboard', 'company'] });
    },
  });

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Pedidos</h1>
      <p className="mb-4 mt-1 text-sm text-muted-foreground">Las ventas de tus productos.</p>
      <OrdersTable
        list={list}
        filters={filters}
        show="company"
        earnings
        exportHref={`/api/company/orders/export.csv?${filters.query(false)}`}
        actions={(order) => (
          <div className="flex flex-wrap justify-end gap-2">
            {canConfirmTransfer(order) ? (
              <Button size="sm" onClick={() => setConfirming(order)}>
                {ORDER_MESSAGES.confirmTransfer}
              </Button>
            ) : null}
            <ReleaseOrderAction order={order} />
            <Button size="sm" variant="outline" onClick={() => setTracking(order)}>
              Seguimiento
            </Button>
          </div>
        )}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="¿Recibiste la transferencia?"
        description={confirming ? confirmDescription(confirming) : undefined}
        confirmLabel={ORDER_MESSAGES.confirmTransfer}
        tone="confirm"
        pending={confirm.isPending}
        onConfirm={() => confirming && confirm.mutate(confirming.id)}
      />
      <OrderTimelineDialog
        historyUrl={tracking ? `/api/company/orders/${tracking.id}/history` : null}
        title={tracking ? `${tracking.product_title} · ${tracking.external_reference}` : ''}
        onClose={() => setTracking(null)}
      />
    </div>
  );
}
