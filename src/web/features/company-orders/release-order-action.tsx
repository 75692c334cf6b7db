import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ORDER_MESSAGES, type Order } from '@shared/orders/orders.schema';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';

/** Statuses whose units a company may give back before their time runs out. */
const RELEASABLE: readonly Order['status'][] = ['pending_transfer', 'pending_payment'];

/**
 * 'Liberar unidades' on an unpaid order in Pedidos: after a confirmation the
 * order expires (Vencido) and its units go back to stock, as when its time
 * runs out. Nothing for other statuses.
 */
export function ReleaseOrderAction({ order }: { order: Order }) {
  if (!RELEASABLE.includes(order.status)) return null;
  return <ReleaseButton order={order} />;
}

function ReleaseButton({ order }: { order: Order }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const release = useMutation({
    mutationFn: () =>
      apiRequest<Order>(`/api/company/orders/${order.id}/release`, { method: 'POST' }),
    onSuccess: () => toast({ title: ORDER_MESSAGES.released, variant: 'success' }),
    onError: (error) => toast({ title: error.message, variant: 'destructive' }),
    onSettled: () => {
      setOpen(false);
      void client.invalidateQueries({ queryKey: ['company-orders'] });
      void client.invalidateQueries({ queryKey: ['panel-dashboard', 'company'] });
    },
  });
  const units =
    order.quantity === 1 ? 'su unidad vuelve' : `sus ${order.quantity} unidades vuelven`;
  const late =
    order.status === 'pending_transfer'
      ? 'Si la transferencia llega después, todavía puedes confirmarla mientras haya stock.'
      : 'Si el pago llega después, el pedido se aprueba solo mientras haya stock.';

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {ORDER_MESSAGES.release}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="¿Liberar las unidades de este pedido?"
        description={`El pedido ${order.external_reference} de ${order.buyer.name} pasa a Vencido y ${units} al stock de ${order.product_title}. ${late}`}
        confirmLabel={ORDER_MESSAGES.release}
        pending={release.isPending}
        onConfirm={() => release.mutate()}
      />
    </>
  );
}
