import { ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { countOf } from '@shared/plural';
import {
  RISK_KIND_LABELS,
  RISK_KINDS,
  RISK_STATUSES,
  type RiskKind,
  type RiskStatus,
} from '@shared/risk/risk.schema';
import { DataList, EmptyList } from '@web/components/data-list';
import { PageHeading } from '@web/components/page-heading';
import { fieldClasses } from '@web/components/ui/input';
import { cn } from '@web/lib/cn';
import { useListParams } from '@web/lib/use-list-params';
import { useRiskFlags } from './api/get-risk-flags';
import { ResolveFlagDialog, type PendingDecision } from './components/resolve-flag-dialog';
import { riskFlagRows } from './components/risk-flag-rows';

const FILTERS = ['status', 'kind', 'seller_id'] as const;

/** The status tabs, and what an empty list of each says. */
const TABS: Record<RiskStatus, { label: string; empty: string }> = {
  open: { label: 'Abiertas', empty: 'No hay alertas abiertas.' },
  dismissed: { label: 'Descartadas', empty: 'No hay alertas descartadas.' },
  confirmed: { label: 'Fraude confirmado', empty: 'No hay fraudes confirmados.' },
};

/**
 * Riesgo (`/admin/risk`): the signals that a seller may be earning commissions
 * they should not, one flag per seller and kind with its events, and the
 * admin's decision on each (dismiss, or confirm the fraud).
 */
export function RiskPage() {
  const params = useListParams(FILTERS);
  const status = (RISK_STATUSES as readonly string[]).includes(params.values.status)
    ? (params.values.status as RiskStatus)
    : 'open';
  const kind = (RISK_KINDS as readonly string[]).includes(params.values.kind)
    ? (params.values.kind as RiskKind)
    : '';
  const sellerId = params.values.seller_id;
  const flags = useRiskFlags({ status, kind, seller_id: sellerId, page: params.page });
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const sellerName = sellerId
    ? flags.data?.items.find((flag) => flag.seller.id === sellerId)?.seller.name
    : undefined;
  const narrowed = kind !== '' || sellerId !== '';

  return (
    <div>
      <PageHeading title="Riesgo">
        Señales de que un vendedor podría estar cobrando comisiones que no le corresponden. Mientras
        tenga una alerta abierta, sus pagos quedan retenidos.
      </PageHeading>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div
          role="tablist"
          aria-label="Estado de las alertas"
          className="grid w-full grid-cols-3 rounded-lg border border-border bg-muted/60 p-1 sm:inline-flex sm:w-auto"
        >
          {RISK_STATUSES.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`risk-tab-${value}`}
              aria-selected={value === status}
              aria-controls="risk-panel"
              onClick={() => params.set({ status: value === 'open' ? '' : value })}
              className={cn(
                // On a phone the three share the width and a long label takes two lines.
                'rounded-md px-2 py-1.5 text-sm leading-tight font-semibold sm:px-4 sm:whitespace-nowrap',
                value === status
                  ? 'bg-card text-foreground shadow-sm'
                  : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {TABS[value].label}
            </button>
          ))}
        </div>
        <select
          aria-label="Tipo de alerta"
          value={kind}
          onChange={(event) => params.set({ kind: event.target.value })}
          className={cn(fieldClasses, 'h-11 lg:w-72')}
        >
          <option value="">Todos los tipos</option>
          {RISK_KINDS.map((value) => (
            <option key={value} value={value}>
              {RISK_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {sellerId ? (
        <div className="mt-3">
          <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-card py-1 pr-1 pl-3 text-sm">
            <span className="truncate" title={`Solo las alertas de ${sellerName ?? 'un vendedor'}`}>
              Solo las alertas de {sellerName ?? 'un vendedor'}
            </span>
            <button
              type="button"
              onClick={() => params.set({ seller_id: '' })}
              aria-label="Ver las alertas de todos los vendedores"
              className="shrink-0 rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        </div>
      ) : null}

      <div role="tabpanel" id="risk-panel" aria-labelledby={`risk-tab-${status}`}>
        <DataList
          query={flags}
          loadingLabel="Cargando las alertas…"
          paging={params}
          count={(total) => countOf(total, 'alerta', 'alertas')}
          rowKey={(flag) => flag.id}
          {...riskFlagRows({
            onDecide: (flag, decision) => setPending({ flag, decision }),
            resolved: status !== 'open',
            onSeller: sellerId ? undefined : (flag) => params.set({ seller_id: flag.seller.id }),
          })}
          empty={
            narrowed ? (
              <EmptyList
                icon={ShieldAlert}
                title={TABS[status].empty}
                onClear={() => params.set({ kind: '', seller_id: '' })}
                clearLabel="Ver todos los tipos y vendedores"
              >
                Ninguna coincide con el tipo o el vendedor elegidos.
              </EmptyList>
            ) : (
              <EmptyList icon={ShieldAlert} title={TABS[status].empty}>
                {status === 'open'
                  ? 'Cuando una venta o un cambio de datos de cobro parezca sospechoso, la alerta aparecerá aquí.'
                  : null}
              </EmptyList>
            )
          }
        />
      </div>
      <ResolveFlagDialog pending={pending} onClose={() => setPending(null)} />
    </div>
  );
}
