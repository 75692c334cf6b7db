import { zodResolver } from '@hookform/resolvers/zod';
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  dismissedMessage,
  RISK_KIND_LABELS,
  RISK_MESSAGES,
  SELF_REPORTED_RISK_KINDS,
  ResolveRiskBody,
  type RiskFlag,
} from '@shared/risk/risk.schema';
import { buttonVariants } from '@web/components/ui/button';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Textarea } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { useResolveRiskFlag } from '../api/resolve-risk-flag';

export type RiskDecision = ResolveRiskBody['decision'];

/** The flag being decided and how; the dialog is open while there is one. */
export interface PendingDecision {
  flag: RiskFlag;
  decision: RiskDecision;
}

const NOTE_ID = 'risk-decision-note';

/**
 * «Descartar» or «Confirmar fraude» after saying what it does, with the
 * required note (the same schema the server checks). A flag someone else
 * decided first (409) closes the dialog with the server's message; the list
 * has been asked again by then.
 */
export function ResolveFlagDialog({
  pending,
  onClose,
}: {
  pending: PendingDecision | null;
  onClose: () => void;
}) {
  return (
    <AlertDialogPrimitive.Root open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[2px]" />
        <AlertDialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-card p-6 shadow-2xl outline-none">
          {pending ? <DecisionForm pending={pending} onClose={onClose} /> : null}
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

function DecisionForm({ pending, onClose }: { pending: PendingDecision; onClose: () => void }) {
  const { flag, decision } = pending;
  const confirm = decision === 'confirm';
  const resolve = useResolveRiskFlag();
  const [failure, setFailure] = useState<string | undefined>();
  const form = useForm<ResolveRiskBody>({
    resolver: zodResolver(ResolveRiskBody),
    defaultValues: { decision, note: '' },
  });
  useEffect(() => form.setValue('decision', decision), [form, decision]);
  const noteError = form.formState.errors.note?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const resolved = await resolve.mutateAsync({ id: flag.id, ...values });
      // The server says whether anything else still holds the seller's payouts.
      toast({
        title: confirm ? RISK_MESSAGES.confirmed : dismissedMessage(resolved.seller_payouts),
        // Still held is no success to celebrate: a plain notice.
        variant: !confirm && resolved.seller_payouts.held ? 'default' : 'success',
      });
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        toast({ title: error.message, variant: 'destructive' });
        onClose();
      } else if (error instanceof ApiError && error.fields?.note) {
        form.setError('note', { message: error.fields.note });
      } else {
        setFailure(error instanceof Error ? error.message : 'No se pudo guardar la decisión.');
      }
    }
  });

  const saving = form.formState.isSubmitting;
  const kind = RISK_KIND_LABELS[flag.kind];
  const selfReported = SELF_REPORTED_RISK_KINDS.includes(flag.kind);
  return (
    <form onSubmit={onSubmit} noValidate>
      <AlertDialogPrimitive.Title className="text-lg font-bold text-foreground">
        {confirm
          ? `¿Confirmar fraude de ${flag.seller.name}?`
          : selfReported
            ? `¿Liberar los pagos de ${flag.seller.name}?`
            : `¿Descartar la alerta «${kind}» de ${flag.seller.name}?`}
      </AlertDialogPrimitive.Title>
      <AlertDialogPrimitive.Description asChild>
        <div className="mt-2 space-y-2 text-sm text-muted-foreground">
          {confirm ? (
            <ConfirmConsequences flag={flag} />
          ) : selfReported ? (
            <ReleaseConsequences />
          ) : (
            <DismissConsequences />
          )}
        </div>
      </AlertDialogPrimitive.Description>
      <div className="mt-4">
        <FormField
          id={NOTE_ID}
          label="Nota"
          error={noteError}
          hint="Queda en la alerta y en Auditoría. Hasta 500 caracteres."
        >
          <Textarea
            {...describedBy(
              NOTE_ID,
              noteError,
              'Queda en la alerta y en Auditoría. Hasta 500 caracteres.',
            )}
            rows={3}
            className="min-h-24"
            maxLength={500}
            placeholder={
              confirm
                ? 'Por ejemplo: qué revisaste y por qué es fraude.'
                : selfReported
                  ? 'Por ejemplo: hablamos con el vendedor, cambió su contraseña y volvió a cargar su CBU.'
                  : 'Por ejemplo: hablamos con el vendedor y las compras son reales.'
            }
            {...form.register('note')}
          />
        </FormField>
      </div>
      {failure ? (
        <p role="alert" className="mt-3 text-sm font-medium text-destructive">
          {failure}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialogPrimitive.Cancel
          type="button"
          className={buttonVariants({ variant: 'outline' })}
          disabled={saving}
        >
          Cancelar
        </AlertDialogPrimitive.Cancel>
        <button
          type="submit"
          disabled={saving}
          className={buttonVariants({ variant: confirm ? 'destructive' : 'primary' })}
        >
          {saving
            ? 'Guardando…'
            : confirm
              ? 'Confirmar fraude'
              : selfReported
                ? 'Liberar pagos'
                : 'Descartar alerta'}
        </button>
      </div>
    </form>
  );
}

function DismissConsequences() {
  return (
    <p>
      La alerta se cierra sin tocar comisiones ni la cuenta del vendedor. Si no tiene otra alerta
      abierta, sus pagos vuelven a entrar en los lotes de pago.
    </p>
  );
}

/** A takeover the seller reported: check where they are paid before their payouts go out again. */
function ReleaseConsequences() {
  return (
    <>
      <p>
        El vendedor avisó («No fui yo») que no hizo un cambio de sus datos de cobro. Antes de
        liberar sus pagos, confirma con él que ya eligió una contraseña nueva y que los datos de
        cobro que tiene cargados son suyos.
      </p>
      <p>
        La alerta se cierra y, si no tiene otra abierta, sus pagos vuelven a entrar en los lotes de
        pago.
      </p>
    </>
  );
}

/** What confirming takes back: the commissions of the orders this flag names, and the account. */
function ConfirmConsequences({ flag }: { flag: RiskFlag }) {
  const orders = new Set(flag.events.flatMap((event) => (event.order_id ? [event.order_id] : [])));
  const someNotShown = flag.count > flag.events.length;
  return (
    <>
      <p>Esto no se puede deshacer:</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          {orders.size === 0 && !someNotShown
            ? 'Esta alerta no señala pedidos: no se anula ninguna comisión.'
            : `Se anulan las comisiones del vendedor en ${ordersNamed(someNotShown ? null : orders.size)}; si ya se le pagaron, se descuentan de sus próximos cobros.`}
        </li>
        <li>
          Su cuenta queda suspendida: se cierran sus sesiones y no puede volver a entrar. Sus links
          siguen vendiendo, pero sin vendedor.
        </li>
        <li>Le enviamos un e-mail avisándole de la suspensión.</li>
      </ul>
    </>
  );
}

/** «el pedido señalado», «los 3 pedidos señalados», or «los pedidos señalados» when not all are listed. */
function ordersNamed(count: number | null): string {
  if (count === null) return 'los pedidos señalados';
  return count === 1 ? 'el pedido señalado' : `los ${count} pedidos señalados`;
}
