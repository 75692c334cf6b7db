import { CircleAlert, Landmark, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { formatArs } from '@shared/money';
import type { SellerPayouts } from '@shared/settlements/settlements.schema';
import { countOf } from '@shared/plural';
import { buttonVariants } from '@web/components/ui/button';
import { QueryFallback } from '@web/components/data-list';
import { Card } from '@web/components/ui/card';
import { PageHeading } from '@web/components/page-heading';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { availableHint, PayoutHoldNotice } from './payout-hold-notice';
import { useMyPayouts } from './settlements-api';

function Figure({
  label,
  value,
  hint,
  tone,
  testId,
}: {
  label: string;
  value: number;
  hint: string;
  /** Green when it goes in the next payout, amber when something holds it. */
  tone?: 'ready' | 'held';
  testId?: string;
}) {
  return (
    <Card
      className={cn(
        'p-4',
        tone === 'ready' && 'border-emerald-300 bg-emerald-50/60',
        tone === 'held' && 'border-amber-300 bg-amber-50/60',
      )}
      data-testid={testId}
    >
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

      <PayoutHoldNotice holds={data.holds} />

      <div className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure
          label="Disponible"
          value={data.available_cents}
          hint={availableHint(data)}
          tone={
            data.in_next_batch
              ? 'ready'
              : data.holds.length > 0 && data.available_cents > 0
                ? 'held'
                : undefined
          }
          testId="payout-available"
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
              {data.destination?.label ?? detailsProblem(data)}
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

/** Why there is nowhere to pay the seller, in their words (the server's hold for their details). */
function detailsProblem(payouts: SellerPayouts): string {
  const hold = payouts.holds.find((found) =>
    ['no_details', 'invalid_cbu', 'invalid_email'].includes(found.code),
  );
  return hold?.message ?? '';
}
