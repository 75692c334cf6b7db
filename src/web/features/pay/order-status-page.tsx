import { AlertCircle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { countsAsSale } from '@shared/order-status';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useBuyerOrder } from './api/pay-api';
import { searchParams } from './lib/location';
import { useDocumentTitle } from './lib/use-document-title';

/** While a payment is being confirmed the page asks again every 3 s. */
const POLL_MS = 3_000;

/**
 * /success?order=…&token=… after a card or MercadoPago payment: the order's
 * real status as the server knows it. The provider's return parameters are
 * passed on (buyerOrderApiUrl), so the server asks the provider before answering.
 */
export function OrderStatusPage() {
  const params = searchParams();
  const orderId = params.get('order') ?? '';
  const token = params.get('token') ?? '';
  const order = useBuyerOrder(orderId, params, POLL_MS);

  let icon = <Spinner label="Consultando tu pago…" />;
  let title = 'Consultando tu pago…';
  let body = '';
  if (order.status === 'error' || !orderId || !token) {
    icon = <AlertCircle className="size-10 text-destructive" aria-hidden />;
    title = PAY_MESSAGES.orderNotFound;
    body = 'Revisa que el link sea el que recibiste al pagar.';
  } else if (order.status === 'success') {
    const status = order.data.status;
    if (countsAsSale(status)) {
      icon = <CheckCircle2 className="size-12 text-emerald-600" aria-hidden />;
      title = '¡Pago aprobado!';
      body = `Tu compra de ${order.data.product.title} por ${formatArs(order.data.total_cents)} está confirmada. ${order.data.company.name} se pondrá en contacto para la entrega. Referencia: ${order.data.external_reference}.`;
    } else if (status === 'pending_payment') {
      icon = <Clock className="size-12 text-sky-700" aria-hidden />;
      title = 'Estamos confirmando tu pago';
      body = `Apenas el medio de pago nos confirme la operación, verás aquí el pedido aprobado. Referencia: ${order.data.external_reference}.`;
    } else if (status === 'refunded') {
      icon = <XCircle className="size-12 text-rose-600" aria-hidden />;
      title = 'El pago fue reintegrado';
      body = 'Este pedido se devolvió. Si tienes dudas, escribe a la empresa.';
    } else {
      icon = <XCircle className="size-12 text-slate-500" aria-hidden />;
      title = 'El pedido venció sin pago';
      body =
        'No recibimos el pago a tiempo y el producto volvió a estar disponible. Puedes intentarlo de nuevo desde el link del vendedor.';
    }
  }

  useDocumentTitle(`${title} | ${BRAND.name}`);

  return (
    <div className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-sky-50 to-background px-4 py-12">
      <Card className="w-full max-w-md p-8 text-center">
        <div className="flex justify-center">{icon}</div>
        <h1 className="mt-5 text-2xl font-bold text-foreground" aria-live="polite">
          {title}
        </h1>
        {body ? <p className="mt-3 text-muted-foreground">{body}</p> : null}
      </Card>
    </div>
  );
}
