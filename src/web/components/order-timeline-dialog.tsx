import { useQuery } from '@tanstack/react-query';
import type { OrderHistory } from '@shared/admin/admin.schema';
import { ADMIN_ORDER_MESSAGES } from '@shared/admin/admin.schema';
import { orderStatusLabel } from '@shared/order-status';
import { apiRequest } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-time';
import { OrderStatusBadge } from './order-status-badge';
import { InfoDialog } from './ui/dialog';
import { Spinner } from './ui/spinner';

/** The tracking dialog (spec 02 §4): the order's status changes, newest first, with who and when. */
export function OrderTimelineDialog({
  historyUrl,
  title,
  onClose,
}: {
  /** The history route of the panel that opens it; null keeps the dialog closed. */
  historyUrl: string | null;
  title: string;
  onClose: () => void;
}) {
  const history = useQuery({
    queryKey: ['order-history', historyUrl],
    queryFn: () => apiRequest<OrderHistory>(historyUrl!),
    enabled: historyUrl !== null,
  });
  return (
    <InfoDialog
      open={historyUrl !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Seguimiento del pedido"
      description={title}
    >
      {history.isPending ? (
        <Spinner label="Cargando el historial…" />
      ) : history.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {ADMIN_ORDER_MESSAGES.historyFailed}
        </p>
      ) : (
        <ol className="relative ml-2 border-l-2 border-border">
          {history.data.items.map((item, index) => (
            <li key={`${item.status}-${item.created_at}-${index}`} className="mb-5 ml-5 last:mb-0">
              <span
                className="absolute -left-[7px] mt-1.5 size-3 rounded-full bg-primary"
                aria-hidden
              />
              <OrderStatusBadge status={item.status} />
              <p className="mt-1 text-sm">
                {orderStatusLabel(item.status)} · {formatDateTime(item.created_at)}
              </p>
              <p className="text-xs text-muted-foreground">
                {item.changed_by === 'system'
                  ? 'Sistema'
                  : (item.changed_by_name ?? item.changed_by)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </InfoDialog>
  );
}
