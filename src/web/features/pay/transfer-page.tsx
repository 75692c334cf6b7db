import { AlertCircle, CheckCircle2, Clock, Landmark, XCircle } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { formatAmount, formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import { countsAsSale, orderStatusLabel } from '@shared/order-status';
import { PAY_MESSAGES, type BuyerOrder } from '@shared/orders/orders.schema';
import { NO_EMAIL_PARAM } from '@shared/pay-entry';
import { formatDateTime } from '@shared/time';
import { CbuDigits, CopyField } from '@web/components/copy-field';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useBuyerOrder, WAITING_STATUSES } from './api/pay-api';
import { pathParam, searchParams } from './lib/location';
import { extraTransferInstructions } from './lib/transfer-instructions';
import { useDocumentTitle } from './lib/use-document-title';

/** Every 10 s the page asks whether the company confirmed the transfer. */
const POLL_MS = 10_000;

/** spec 02 §2 /transfer/:orderId: the company's bank details and the reference to write. */
export function TransferPage() {
  const orderId = pathParam();
  const params = searchParams();
  const token = params.get('token') ?? '';
  const order = useBuyerOrder(orderId, params, POLL_MS);
  const paid = order.status === 'success' && countsAsSale(order.data.status);
  useDocumentTitle(`${paid ? 'Pago confirmado' : 'Datos para transferir'} | ${BRAND.name}`);

  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-8">
      <main className="mx-auto w-full max-w-lg">
        {order.status === 'pending' && orderId && token ? (
          <div className="flex justify-center py-24">
            <Spinner label="Cargando tu pedido…" />
          </div>
        ) : order.status !== 'success' ? (
          <Card className="p-8 text-center" role="alert">
            <AlertCircle className="mx-auto size-10 text-destructive" aria-hidden />
            <h1 className="mt-4 text-xl font-bold">{PAY_MESSAGES.orderNotFound}</h1>
            <p className="mt-2 text-sm text-muted-foreground">
              Revisa que el link sea el mismo que recibiste al hacer el pedido.
            </p>
          </Card>
        ) : (
          <TransferDetails order={order.data} emailSkipped={params.get(NO_EMAIL_PARAM) === '1'} />
        )}
      </main>
    </div>
  );
}

/** This page's address without the note that no e-mail brought it: the buyer's key to the order. */
function ownLink(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete(NO_EMAIL_PARAM);
  return url.toString();
}

/** What the page tells the buyer once the order no longer waits for their transfer. */
function closedMessage(order: BuyerOrder): {
  title: string;
  body: string;
  tone: 'paid' | 'closed';
} {
  switch (order.status) {
    case 'approved':
    case 'delivered':
      return {
        tone: 'paid',
        title: 'La empresa confirmó tu transferencia. ¡Gracias por tu compra!',
        body: `Tu pedido ya está pagado: no hace falta que vuelvas a transferir. ${order.company.name} se pondrá en contacto para la entrega.`,
      };
    case 'refunded':
      return {
        tone: 'closed',
        title: 'Este pedido fue reintegrado.',
        body: 'No transfieras a estos datos. Si tienes dudas, escribe a la empresa.',
      };
    case 'expired':
      return {
        tone: 'closed',
        title: 'Este pedido venció sin que llegara la transferencia.',
        body: 'No transfieras a estos datos: el producto volvió a estar disponible. Si todavía lo quieres, pídelo de nuevo desde el link del vendedor.',
      };
    default:
      return {
        tone: 'closed',
        title: `Este pedido ya no espera una transferencia (${orderStatusLabel(order.status)}).`,
        body: 'No transfieras a estos datos. Si tienes dudas, escribe a la empresa.',
      };
  }
}

function TransferDetails({ order, emailSkipped }: { order: BuyerOrder; emailSkipped: boolean }) {
  // Only an order that still waits for its payment shows where to send it (a buyer could pay twice).
  const waiting = WAITING_STATUSES.includes(order.status);
  const closed = waiting ? null : closedMessage(order);
  const instructions = extraTransferInstructions(order.transfer?.instructions);
  return (
    <Card className="overflow-hidden">
      <div className="bg-sky-700 px-6 py-5 text-white">
        <p className="text-sm opacity-90">{order.company.name}</p>
        <h1 className="mt-1 text-xl font-bold wrap-anywhere">{order.product.title}</h1>
        <p className="mt-3 text-3xl font-extrabold whitespace-nowrap tabular-nums">
          {formatArs(order.total_cents)}
        </p>
        {order.quantity > 1 ? (
          <p className="text-sm opacity-90">{countOf(order.quantity, 'unidad', 'unidades')}</p>
        ) : null}
      </div>
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex items-start gap-3" aria-live="polite">
          {closed?.tone === 'paid' ? (
            <CheckCircle2 className="size-6 shrink-0 text-emerald-600" aria-hidden />
          ) : closed ? (
            <XCircle className="size-6 shrink-0 text-slate-500" aria-hidden />
          ) : (
            <Clock className="size-6 shrink-0 text-sky-700" aria-hidden />
          )}
          <div>
            <p className="font-semibold text-foreground">
              {closed
                ? closed.title
                : 'Tu pedido espera la transferencia. La empresa lo confirmará al recibirla.'}
            </p>
            {closed ? <p className="mt-1 text-sm text-muted-foreground">{closed.body}</p> : null}
            <OrderStatusBadge status={order.status} className="mt-2" />
            {closed ? (
              <p className="mt-2 text-xs text-muted-foreground">
                Referencia del pedido:{' '}
                <span className="font-mono whitespace-nowrap">{order.external_reference}</span>
              </p>
            ) : null}
          </div>
        </div>

        {!waiting ? null : order.transfer ? (
          <>
            <section aria-labelledby="bank-heading">
              <h2 id="bank-heading" className="flex items-center gap-2 text-base font-bold">
                <Landmark className="size-5" aria-hidden />
                Datos para la transferencia
              </h2>
              <dl className="mt-2">
                <CopyField mono label="Referencia" value={order.transfer.reference}>
                  <span className="whitespace-nowrap">{order.transfer.reference}</span>
                </CopyField>
                <CopyField
                  label="Importe"
                  value={formatAmount(order.total_cents).replaceAll('.', '')}
                >
                  <span className="whitespace-nowrap tabular-nums">
                    {formatArs(order.total_cents)}
                  </span>
                </CopyField>
                <CopyField mono label="CBU" value={order.transfer.cbu}>
                  <CbuDigits cbu={order.transfer.cbu} />
                </CopyField>
                {order.transfer.alias ? (
                  <CopyField label="Alias" value={order.transfer.alias} />
                ) : null}
                <CopyField label="Titular" value={order.transfer.accountHolder} />
                <CopyField mono label="CUIT" value={order.transfer.cuit}>
                  <span className="whitespace-nowrap">{order.transfer.cuit}</span>
                </CopyField>
                <CopyField label="Banco" value={order.transfer.bankName} />
              </dl>
            </section>
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              Escribe la referencia{' '}
              <strong className="whitespace-nowrap">{order.transfer.reference}</strong> en el
              concepto de la transferencia para que la empresa la identifique.
              {order.expires_at ? (
                <span className="mt-1 block">
                  Reservamos tu pedido hasta el {formatDateTime(order.expires_at)} h.
                </span>
              ) : null}
            </p>
            {instructions ? <p className="text-sm text-muted-foreground">{instructions}</p> : null}
            {emailSkipped ? (
              <section
                aria-labelledby="link-heading"
                className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <h2 id="link-heading" className="font-semibold">
                  Guarda el link de tu pedido
                </h2>
                <p className="mt-1">{PAY_MESSAGES.emailSkipped}</p>
                <dl className="mt-1">
                  <CopyField mono label="Tu link" value={ownLink()} />
                </dl>
              </section>
            ) : (
              <p className="text-xs text-muted-foreground">
                Guarda este link: aquí verás cuando la empresa confirme tu pago.
              </p>
            )}
          </>
        ) : (
          <p role="alert" className="text-sm font-medium text-destructive">
            {PAY_MESSAGES.transferDataMissing}
          </p>
        )}
      </div>
    </Card>
  );
}
