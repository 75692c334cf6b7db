import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatStoreMoney } from '@shared/money';
import { countOf } from '@shared/plural';
import type { StoreTransferList } from '@shared/store/store-transfers.schema';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast, toastError } from '@web/components/ui/toast-store';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-time';

const KEY = ['admin-store-transfers'] as const;

/** The order's currency code; its symbol comes from the shared formatter. */
const currencyOf = (code: string) => ({ code, symbol: '', template: '' });
type Transfer = StoreTransferList['items'][number];

/**
 * The storefront's orders waiting for a bank transfer to the platform: the
 * admin confirms each when the money arrives. Shown above the orders only
 * when there are some.
 */
export function StoreTransfers() {
  const client = useQueryClient();
  const list = useQuery({
    queryKey: KEY,
    queryFn: () => apiRequest<StoreTransferList>('/api/admin/store/orders/transfers'),
  });
  const [confirming, setConfirming] = useState<Transfer | null>(null);
  const confirm = useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/store/orders/${id}/confirm-transfer`, { method: 'POST', body: {} }),
    onSuccess: () => {
      toast({ title: 'Transferencia de la tienda confirmada.', variant: 'success' });
      setConfirming(null);
    },
    onError: (error) => {
      setConfirming(null);
      toastError('No se pudo confirmar la transferencia', error);
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });

  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="store-transfers" className="mb-6">
      <Card className="p-4 sm:p-5">
        <h2 id="store-transfers" className="font-bold">
          Transferencias de la tienda por confirmar ({items.length})
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Pedidos de la tienda pública pagados por transferencia a la cuenta de la plataforma.
        </p>
        <ul className="mt-3 divide-y divide-border">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold">
                  {item.reference ?? 'Sin referencia'} ·{' '}
                  {formatStoreMoney(item.total_cents, currencyOf(item.currency))}
                </p>
                <p
                  className="truncate text-muted-foreground"
                  title={`${item.buyer_name ?? 'Sin nombre'} · ${item.buyer_email ?? ''} · ${countOf(item.lines, 'producto', 'productos')}`}
                >
                  {item.buyer_name ?? 'Sin nombre'} · {item.buyer_email ?? ''} ·{' '}
                  {countOf(item.lines, 'producto', 'productos')}
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(item.created_at)}
                  {item.status === 'expired'
                    ? ' · la reserva venció: confirmar la cobra si aún hay stock'
                    : ` · reservado hasta ${formatDateTime(item.reserved_until)}`}
                </p>
              </div>
              <Button size="sm" variant="outline" onClick={() => setConfirming(item)}>
                Confirmar transferencia recibida
              </Button>
            </li>
          ))}
        </ul>
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title="Confirmar transferencia recibida"
        description={
          confirming
            ? `¿Llegó la transferencia de ${formatStoreMoney(confirming.total_cents, currencyOf(confirming.currency))} con la referencia ${confirming.reference ?? ''}? El pedido quedará pagado.`
            : undefined
        }
        confirmLabel="Confirmar transferencia recibida"
        tone="confirm"
        pending={confirm.isPending}
        onConfirm={() => confirming && confirm.mutate(confirming.id)}
      />
    </section>
  );
}
