import { CircleAlert, Clock, Landmark, ShieldAlert, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatArs } from '@shared/money';
import { PAYOUT_BLOCKED_REASONS, type SellerPayouts } from '@shared/settlements/settlements.schema';
import { countOf } from '@shared/plural';
import { buttonVariants } from '@web/components/ui/button';
import { QueryFallback } from '@web/components/data-list';
import { Card } from '@web/components/ui/card';
import { PageHeading } from '@web/components/page-heading';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { useMyPayouts } from './settlements-api';

function Figure({
  label,
  value,
  hint,
  strong,
}: {
  label: string;
  value: number;
  hint: string;
  strong?: boolean;
}) {
  return (
    <Card className={cn('p-4', strong && 'border-emerald-300 bg-emerald-50/60')}>
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={cn('mt-1 text-2xl font-bold tabular-nums', value < 0 && 'text-destructive')}>
        {formatArs(value)}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
    </Card>
  );
}

/** Mis Cobros (`/seller/payouts`): what the seller has earned, can be paid, and was paid. */
export function SellerPayoutsPage() {
  const payouts = useMyPayouts();
  if (!payouts.isSuccess) return <QueryFallback query={payouts} />;
  const data = payouts.data;
  return (
    <div>
      <PageHeading title="Mis Cobros" className="mb-0">
        {data.hold_days > 0
          ? `Tus comisiones se pueden pagar ${countOf(data.hold_days, 'día', 'días')} después de aprobada cada venta, una vez que la empresa pagó.`
          : 'Tus comisiones se pueden pagar en cuanto la empresa pagó la venta.'}{' '}
        Pagamos desde {formatArs(data.minimum_cents)}.
      </PageHeading>

      <HoldNotice payouts={data} />

      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Disponible"
          value={data.available_cents}
          hint={
            data.available_cents < 0
              ? 'Un reembolso posterior a un pago: se descuenta del próximo.'
              : data.blocked_reason === PAYOUT_BLOCKED_REASONS.underReview
                ? 'Retenido mientras revisamos tu cuenta.'
                : data.held_until
                  ? `Entra en el primer pago desde el ${formatDateTime(data.held_until)}.`
                  : 'Entra en el próximo pago.'
          }
          strong
        />
        <Figure
          label="Pendiente"
          value={data.pending_cents}
          hint="En espera o sin pagar por la empresa."
        />
        <Figure
          label="En proceso"
          value={data.in_process_cents}
          hint="En un lote que estamos transfiriendo."
        />
        <Figure label="Cobrado" value={data.paid_cents} hint="Todo lo que ya te pagamos." />
      </div>

      <Card className="mt-5 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          {data.destination ? (
            <Landmark className="mt-0.5 size-5 text-primary" aria-hidden />
          ) : (
            <CircleAlert className="mt-0.5 size-5 text-destructive" aria-hidden />
          )}
          <div>
            <p className="font-semibold">Dónde cobras</p>
            <p className="text-sm text-muted-foreground" data-testid="payout-destination">
              {data.destination?.label ?? data.blocked_reason}
            </p>
          </div>
        </div>
        <Link to="/seller/settings" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          {data.destination ? 'Cambiar datos de cobro' : 'Cargar datos de cobro'}
        </Link>
      </Card>

      <h2 className="mt-8 text-lg font-bold">Historial de pagos</h2>
      {data.items.length === 0 ? (
        <Card className="mt-3 flex flex-col items-center p-8 text-center">
          <Wallet className="size-8 text-muted-foreground" aria-hidden />
          <p className="mt-2 font-semibold">Todavía no recibiste pagos.</p>
        </Card>
      ) : (
        <ul
          className="mt-3 divide-y divide-border rounded-xl border border-border bg-card"
          data-testid="payout-history"
        >
          {data.items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="font-semibold tabular-nums">{formatArs(item.amount_cents)}</p>
                <p className="text-xs break-words text-muted-foreground">
                  {item.destination.label}
                </p>
                <p className="text-xs text-muted-foreground">
                  {item.paid_at
                    ? `Pagado el ${formatDateTime(item.paid_at)}`
                    : `Iniciado el ${formatDateTime(item.created_at)}`}
                </p>
              </div>
              <span
                className={cn(
                  'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  item.status === 'paid'
                    ? 'bg-emerald-100 text-emerald-900'
                    : 'bg-amber-100 text-amber-900',
                )}
              >
                {item.status === 'paid' ? 'Pagado' : 'En proceso'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Why the next batch leaves the seller out although they have details: the
 * wait after they changed them (until `held_until`), or a review of the account.
 */
function HoldNotice({ payouts }: { payouts: SellerPayouts }) {
  const review =
    payouts.blocked_reason === PAYOUT_BLOCKED_REASONS.underReview ||
    payouts.blocked_reason === PAYOUT_BLOCKED_REASONS.banned;
  if (payouts.held_until && !review) {
    return (
      <Notice icon={Clock} tone="amber" testId="payout-hold">
        <p className="font-semibold">
          Tus pagos están en espera hasta el {formatDateTime(payouts.held_until)}
        </p>
        <p className="mt-1 text-sm">
          Se cambiaron tus datos de cobro: por seguridad, esperamos antes de pagar en la cuenta
          nueva. Lo que tengas disponible entra en el primer lote después de esa fecha. Si no fuiste
          tú, toca «No fui yo» en el e-mail que te enviamos.
        </p>
      </Notice>
    );
  }
  if (payouts.blocked_reason === PAYOUT_BLOCKED_REASONS.underReview) {
    return (
      <Notice icon={ShieldAlert} tone="red" testId="payout-hold">
        <p className="font-semibold">Tus pagos están en revisión</p>
        <p className="mt-1 text-sm">
          Mientras revisamos tu cuenta no entran en los lotes de pago. Si tienes dudas, escríbenos
          desde Soporte.
        </p>
      </Notice>
    );
  }
  return null;
}

function Notice({
  icon: Icon,
  tone,
  testId,
  children,
}: {
  icon: typeof Clock;
  tone: 'amber' | 'red';
  testId: string;
  children: ReactNode;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className={cn(
        'mt-5 flex gap-3 rounded-xl border p-4',
        tone === 'amber'
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-red-200 bg-red-50 text-red-950',
      )}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}
