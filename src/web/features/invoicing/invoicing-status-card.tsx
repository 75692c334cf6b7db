import { CircleAlert, CircleCheck } from 'lucide-react';
import { INVOICING_MESSAGES, type InvoicingStatus } from '@shared/invoicing/invoicing.schema';
import { formatArs } from '@shared/money';
import { monthLabel } from '@web/components/statement-view';
import { Card } from '@web/components/ui/card';

/** Whether invoicing is on, against which ARCA environment and point of sale, and who waits. */
export function InvoicingStatusCard({ status }: { status: InvoicingStatus }) {
  return (
    <Card className="mt-5 p-5" data-testid="invoicing-status">
      {status.configured ? (
        <div className="flex items-start gap-2">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
          <div>
            <p className="font-semibold">Facturación electrónica configurada</p>
            <p className="text-sm text-muted-foreground">
              Entorno: {status.production ? 'Producción' : 'Homologación'}
              {status.point_of_sale !== null
                ? ` · Punto de venta ${String(status.point_of_sale).padStart(5, '0')}`
                : ''}
            </p>
            {!status.production ? (
              <p className="text-xs text-muted-foreground">
                En homologación los comprobantes son de prueba: no tienen validez fiscal.
              </p>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="flex items-start gap-2" role="status">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
          <div>
            <p className="font-semibold">Facturación electrónica sin configurar</p>
            <p className="text-sm text-muted-foreground">{INVOICING_MESSAGES.notConfigured}</p>
          </div>
        </div>
      )}

      <h2 className="mt-5 text-sm font-semibold">Empresas en espera ({status.waiting.length})</h2>
      {status.waiting.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">Ninguna empresa espera un comprobante.</p>
      ) : (
        <ul className="mt-2 divide-y divide-border text-sm" aria-label="Empresas en espera">
          {status.waiting.map((item) => (
            <li key={`${item.company_id}:${item.month}`} className="py-2">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-medium">
                  {item.company_name} · {monthLabel(item.month)}
                </span>
                <span className="font-semibold tabular-nums">{formatArs(item.platform_cents)}</span>
              </div>
              <p className="text-xs break-words text-amber-800">En espera: {item.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
