import { Clock, Download, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import {
  PAYOUT_BATCH_STATUS_LABELS,
  PAYOUT_MESSAGES,
  type PayoutBatch,
  type SellerPayable,
} from '@shared/settlements/settlements.schema';
import { Button } from '@web/components/ui/button';
import { QueryFallback } from '@web/components/data-list';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast, toastError } from '@web/components/ui/toast-store';
import { PageHeading } from '@web/components/page-heading';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { useAdminPayouts, useCreatePayoutBatch, useMarkBatchPaid } from './settlements-api';

/**
 * Pagos a vendedores (`/admin/payouts`): who can be paid now (or is blocked
 * and why), a batch with all of them, its CSV for home banking, and marking
 * it paid once the transfers are sent.
 */
export function AdminPayoutsPage() {
  const payouts = useAdminPayouts();
  const create = useCreatePayoutBatch();
  const [paying, setPaying] = useState<PayoutBatch | null>(null);

  if (!payouts.isSuccess) return <QueryFallback query={payouts} />;
  const data = payouts.data;
  const { ready_sellers: ready, waiting_sellers: waiting, blocked_sellers: blocked } = data;

  return (
    <div>
      <PageHeading title="Pagos a vendedores" className="mb-0">
        Vendedores con al menos {formatArs(data.minimum_cents)} disponibles: comisiones de ventas
        aprobadas
        {data.hold_days > 0 ? ` hace más de ${countOf(data.hold_days, 'día', 'días')}` : ''},
        cobradas en el pago o de empresas que ya pagaron su liquidación.
      </PageHeading>

      <Card className="mt-5 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <p className="text-sm text-muted-foreground">Listo para pagar</p>
          <p className="text-2xl font-bold tabular-nums">{formatArs(data.ready_cents)}</p>
          <p className="text-xs text-muted-foreground">
            {countOf(ready, 'vendedor', 'vendedores')}
            {waiting ? ` · ${countOf(waiting, 'en espera', 'en espera')}` : ''}
            {blocked ? ` · ${countOf(blocked, 'bloqueado', 'bloqueados')}` : ''}
          </p>
        </div>
        <Button
          disabled={ready === 0 || create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onSuccess: () => toast({ title: PAYOUT_MESSAGES.batchCreated, variant: 'success' }),
              onError: (error) => toastError('No se pudo crear el lote', error),
            })
          }
        >
          <Send aria-hidden />
          Crear lote de pago
        </Button>
      </Card>

      {data.sellers.length === 0 ? (
        <Card className="mt-4 p-8 text-center text-sm text-muted-foreground">
          Nadie tiene comisiones para cobrar ahora.
        </Card>
      ) : (
        <ul
          className="mt-4 divide-y divide-border rounded-xl border border-border bg-card"
          aria-label="Vendedores para pagar"
        >
          {data.sellers.map((seller) => (
            <li
              key={seller.seller_id}
              className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold">{seller.name}</p>
                <p
                  className="truncate text-xs text-muted-foreground"
                  title={`${seller.email}${seller.province ? ` · ${seller.province}` : ''}`}
                >
                  {seller.email}
                  {seller.province ? ` · ${seller.province}` : ''}
                </p>
                <SellerStatus seller={seller} />
              </div>
              <p className="font-bold tabular-nums sm:text-right">
                {formatArs(seller.available_cents)}
              </p>
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-8 text-lg font-bold">Lotes</h2>
      {data.batches.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Todavía no hay lotes de pago.</p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2" aria-label="Lotes de pago">
          {data.batches.map((batch) => (
            <li key={batch.id}>
              <Card className="p-4">
                <div className="flex items-center justify-between gap-3">
                  <p className="font-semibold">Lote {batch.id}</p>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                      batch.status === 'paid'
                        ? 'bg-emerald-100 text-emerald-900'
                        : 'bg-amber-100 text-amber-900',
                    )}
                  >
                    {PAYOUT_BATCH_STATUS_LABELS[batch.status]}
                  </span>
                </div>
                <p className="mt-1 text-2xl font-bold tabular-nums">
                  {formatArs(batch.total_cents)}
                </p>
                <p className="text-xs text-muted-foreground">
                  {countOf(batch.payouts, 'vendedor', 'vendedores')} · creado el{' '}
                  {formatDateTime(batch.created_at)}
                  {batch.paid_at
                    ? ` · pagado el ${formatDateTime(batch.paid_at)} (${batch.reference})`
                    : ''}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={`/api/admin/payouts/batches/${batch.id}/export.csv`} download>
                      <Download aria-hidden />
                      CSV para el banco
                    </a>
                  </Button>
                  {batch.status === 'created' ? (
                    <Button size="sm" onClick={() => setPaying(batch)}>
                      Marcar pagado
                    </Button>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <MarkPaidDialog batch={paying} onClose={() => setPaying(null)} />
    </div>
  );
}

function MarkPaidDialog({ batch, onClose }: { batch: PayoutBatch | null; onClose: () => void }) {
  const mark = useMarkBatchPaid();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!batch) return;
    if (!reference.trim()) {
      setError(PAYOUT_MESSAGES.referenceRequired);
      return;
    }
    mark.mutate(
      { id: batch.id, reference: reference.trim() },
      {
        onSuccess: () => {
          toast({ title: PAYOUT_MESSAGES.batchPaid, variant: 'success' });
          setReference('');
          setError(undefined);
          onClose();
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <Dialog open={batch !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogForm
          title={<>Marcar lote {batch?.id} como pagado</>}
          description={
            <>
              {batch
                ? `${formatArs(batch.total_cents)} a ${countOf(batch.payouts, 'vendedor', 'vendedores')}. `
                : ''}
              Cada vendedor recibe un aviso con su pago.
            </>
          }
          onSubmit={onSubmit}
          onCancel={onClose}
          pending={mark.isPending}
          submitLabel="Marcar pagado"
        >
          <FormField id="batch-reference" label="Referencia de las transferencias" error={error}>
            <Input
              id="batch-reference"
              value={reference}
              maxLength={120}
              onChange={(event) => setReference(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'batch-reference-error' : undefined}
            />
          </FormField>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Where a seller's payout goes, and why it cannot go yet: waiting (amber, with
 * the dates) or blocked until someone acts (red). The details follow the reason.
 */
function SellerStatus({ seller }: { seller: SellerPayable }) {
  const label = seller.destination ? (
    <p className="text-xs break-words text-muted-foreground">{seller.destination.label}</p>
  ) : null;
  if (!seller.blocked_reason) return label;
  return (
    <>
      {seller.state === 'waiting' ? (
        <p className="flex gap-1.5 text-xs font-medium break-words text-amber-800">
          <Clock className="mt-px size-3.5 shrink-0" aria-hidden />
          <span>En espera: {seller.blocked_reason}</span>
        </p>
      ) : (
        <p className="text-xs font-medium break-words text-destructive">
          Bloqueado: {seller.blocked_reason}
        </p>
      )}
      {label}
    </>
  );
}
