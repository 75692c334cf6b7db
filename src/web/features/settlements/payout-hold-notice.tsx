import { CircleAlert, Clock, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatArs } from '@shared/money';
import type { PayoutHold, SellerPayouts } from '@shared/settlements/settlements.schema';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';

type Hold = PayoutHold;

/** A heading per reason; the reason itself (and its dates) is the server's `message`. */
function titleOf(hold: Hold): string {
  switch (hold.code) {
    case 'under_review':
      return 'Tus pagos están en revisión';
    case 'banned':
      return 'Tu cuenta está suspendida';
    case 'details_changed':
      return `Tus pagos están en espera hasta el ${formatDateTime(hold.until!)}`;
    case 'no_details':
      return 'Carga tus datos de cobro para recibir tus pagos';
    case 'invalid_cbu':
    case 'invalid_email':
      return 'Corrige tus datos de cobro para recibir tus pagos';
  }
}

/** What the seller can do about it, when there is something. */
function nextStepOf(hold: Hold): ReactNode {
  switch (hold.code) {
    case 'under_review':
      return (
        <>
          Si tienes dudas,{' '}
          <Link to={paths.support} className="font-semibold underline">
            escríbenos desde Soporte
          </Link>
          .
        </>
      );
    case 'details_changed':
      return 'Lo que tengas disponible entra en el primer lote después de esa fecha. Si no fuiste tú, toca «No fui yo» en el e-mail que te enviamos.';
    case 'no_details':
    case 'invalid_cbu':
    case 'invalid_email':
      return (
        <Link to={`${paths.seller}/settings`} className="font-semibold underline">
          Ir a Configuración
        </Link>
      );
    default:
      return null;
  }
}

const REVIEW: Hold['code'][] = ['under_review', 'banned'];

/**
 * Why the next payout batch leaves the seller out, every reason the server
 * found (the batch's own computation): a review of the account, the wait after
 * a change of payout details (until when), missing or invalid details.
 */
export function PayoutHoldNotice({ holds }: { holds: Hold[] }) {
  const [first, ...others] = holds;
  if (!first) return null;
  const review = REVIEW.includes(first.code);
  const Icon = review ? ShieldAlert : first.code === 'details_changed' ? Clock : CircleAlert;
  const step = nextStepOf(first);
  return (
    <div
      role="status"
      data-testid="payout-hold"
      className={cn(
        'mt-5 flex gap-3 rounded-xl border p-4',
        review
          ? 'border-red-200 bg-red-50 text-red-950'
          : 'border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{titleOf(first)}</p>
        <p className="mt-1 text-sm">{first.message}</p>
        {step ? <p className="mt-1 text-sm">{step}</p> : null}
        {others.length > 0 ? (
          <>
            <p className="mt-2 text-sm font-semibold">Además:</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
              {others.map((hold) => (
                <li key={hold.code}>{hold.message}</li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The line under «Disponible»: a payout is promised only when the server says
 * a batch made now would pay it (`in_next_batch`).
 */
export function availableHint(payouts: SellerPayouts): string {
  if (payouts.available_cents < 0)
    return 'Un reembolso posterior a un pago: se descuenta del próximo.';
  if (payouts.in_next_batch) return 'Entra en el próximo pago.';
  if (payouts.available_cents === 0) return 'Nada para cobrar por ahora.';
  const hold = payouts.holds[0];
  if (hold) {
    switch (hold.code) {
      case 'under_review':
        return 'Retenido mientras revisamos tu cuenta.';
      case 'banned':
        return 'Retenido: tu cuenta está suspendida.';
      case 'details_changed':
        return `Retenido hasta el ${formatDateTime(hold.until!)}.`;
      case 'no_details':
        return 'Retenido hasta que cargues tus datos de cobro.';
      case 'invalid_cbu':
      case 'invalid_email':
        return 'Retenido hasta que corrijas tus datos de cobro.';
    }
  }
  return `Se paga cuando llegues a ${formatArs(payouts.minimum_cents)}.`;
}
