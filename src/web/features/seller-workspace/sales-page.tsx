import { ShoppingBag } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { formatArs } from '@shared/money';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@shared/order-status';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useSellerOrders } from './api/seller-api';

/** spec 02 §2 Mis Ventas (/seller/orders): the seller's orders, filter in the address. */
export function SalesPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useSellerOrders(status, page);
  const set = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Mis Ventas</h1>
      <div
        className="mt-4 flex gap-2 overflow-x-auto pb-1"
        role="group"
        aria-label="Filtrar por estado"
      >
        {['', ...ORDER_STATUSES].map((value) => (
          <button
            key={value || 'all'}
            type="button"
            aria-pressed={status === value}
            onClick={() => set({ status: value, page: '' })}
            className={`shrink-0 rounded-full border px-3 py-1.5 text-sm font-medium ${status === value ? 'border-primary bg-primary text-white' : 'border-border bg-card hover:bg-muted'}`}
          >
            {value ? ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS] : 'Todos'}
          </button>
        ))}
      </div>
      {orders.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label="Cargando tus ventas…" />
        </div>
      ) : orders.isError ? (
        <p role="alert" className="mt-6 text-destructive">
          {orders.error.message}
        </p>
      ) : data!.items.length === 0 ? (
        <Card className="mt-6 flex flex-col items-center p-10 text-center">
          <ShoppingBag className="size-10 text-muted-foreground" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold">
            {status ? 'No hay ventas con este estado' : 'Todavía no tienes ventas'}
          </h2>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">
            Comparte tus links del Catálogo: cada compra aparece aquí.
          </p>
        </Card>
      ) : (
        <>
          <ul className="mt-5 space-y-3">
            {data!.items.map((order) => (
              <li key={order.id}>
                <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <div className="min-w-0">
                    <p className="font-semibold text-foreground">{order.product_title}</p>
                    <p className="text-xs text-muted-foreground">
                      {order.company_name} ·{' '}
                      {new Date(order.created_at).toLocaleDateString('es-AR')} · {order.quantity} u.
                      · {formatArs(order.total_cents)}
                    </p>
                  </div>
                  <div className="flex items-center gap-3">
                    <OrderStatusBadge status={order.status} />
                    <div className="text-right">
                      <p className="text-xs text-muted-foreground">Tu comisión</p>
                      <p className="font-bold text-emerald-700">{formatArs(order.seller_cents)}</p>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="mt-5 flex items-center justify-center gap-3" aria-label="Páginas">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => set({ page: String(page - 1) })}
              >
                Anterior
              </Button>
              <span className="text-sm">
                Página {page} de {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages}
                onClick={() => set({ page: String(page + 1) })}
              >
                Siguiente
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
