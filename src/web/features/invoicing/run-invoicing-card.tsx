import { Play } from 'lucide-react';
import { useState } from 'react';
import { INVOICING_MESSAGES, type InvoiceRunResult } from '@shared/invoicing/invoicing.schema';
import { countOf } from '@shared/plural';
import { previousMonth } from '@shared/time';
import { monthLabel } from '@web/components/statement-view';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { toastError } from '@web/components/ui/toast-store';
import { useRunInvoicing } from './invoicing-api';

/** What a run made, in one sentence a line. */
function RunSummary({ result }: { result: InvoiceRunResult }) {
  return (
    <div className="mt-4 rounded-md bg-sky-50 p-3 text-sm text-sky-950" role="status">
      <p className="font-semibold">Resultado de {monthLabel(result.month).toLowerCase()}</p>
      {!result.configured ? <p>{INVOICING_MESSAGES.notConfigured}</p> : null}
      <ul className="mt-1 space-y-0.5">
        <li>{countOf(result.created.length, 'comprobante creado', 'comprobantes creados')}</li>
        <li>{countOf(result.authorized, 'autorizado', 'autorizados')}</li>
        <li>{countOf(result.rejected, 'rechazado', 'rechazados')}</li>
        <li>{countOf(result.pending, 'pendiente', 'pendientes')}</li>
        {result.waiting.length ? (
          <li>{countOf(result.waiting.length, 'empresa en espera', 'empresas en espera')}</li>
        ) : null}
      </ul>
    </div>
  );
}

/** 'Facturar mes': the month (the previous one by default, in Argentine time), asked first. */
export function RunInvoicingCard({ configured }: { configured: boolean }) {
  const [month, setMonth] = useState(() => previousMonth(new Date()));
  const [asking, setAsking] = useState(false);
  const run = useRunInvoicing();

  return (
    <Card className="mt-4 p-5">
      <h2 className="text-base font-bold">Facturar mes</h2>
      <p className="text-sm text-muted-foreground">
        Emite los comprobantes de la comisión de la plataforma de cada empresa por lo que todavía no
        se facturó de ese mes. Facturar dos veces el mismo mes no repite nada.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-run-month">Mes a facturar</Label>
          <Input
            id="invoice-run-month"
            type="month"
            min="2000-01"
            max="2100-12"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            className="sm:w-48"
          />
        </div>
        <Button disabled={!configured || !month || run.isPending} onClick={() => setAsking(true)}>
          <Play aria-hidden />
          {run.isPending ? 'Facturando…' : 'Facturar mes'}
        </Button>
      </div>
      {run.data ? <RunSummary result={run.data} /> : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        tone="confirm"
        title={`¿Facturar ${month ? monthLabel(month).toLowerCase() : 'el mes'}?`}
        description="Se envían a ARCA los comprobantes de las empresas con comisión sin facturar de ese mes. Un comprobante autorizado no se puede borrar: solo se anula con una nota de crédito."
        confirmLabel="Facturar"
        pending={run.isPending}
        onConfirm={() => {
          setAsking(false);
          run.mutate(month, {
            onError: (error) => toastError('No se pudo facturar el mes', error),
          });
        }}
      />
    </Card>
  );
}
