import { Receipt } from 'lucide-react';
import {
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type InvoiceStatus,
} from '@shared/invoicing/invoicing.schema';
import { countOf } from '@shared/plural';
import { isCalendarMonth } from '@shared/time';
import { EmptyList, ListState, QueryFallback } from '@web/components/data-list';
import { CompanyFilterSelect } from '@web/components/company-filter';
import { PageHeading } from '@web/components/page-heading';
import { fieldClasses, Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { useListParams } from '@web/lib/use-list-params';
import { AdminInvoiceList } from './admin-invoice-list';
import { useAdminInvoices, useInvoicingStatus } from './invoicing-api';
import { InvoicingStatusCard } from './invoicing-status-card';
import { RunInvoicingCard } from './run-invoicing-card';

const FILTERS = ['month', 'status', 'company_id'] as const;

/**
 * Facturación (`/admin/invoicing`): whether ARCA invoicing is configured,
 * which companies wait for a document and why, running a month, and every
 * document with its status, ARCA's observations, a retry and its PDF.
 */
export function AdminInvoicingPage() {
  const params = useListParams(FILTERS);
  const { month, status, company_id: companyId } = params.values;
  const invoicing = useInvoicingStatus();
  const invoices = useAdminInvoices({
    month: isCalendarMonth(month) ? month : undefined,
    status: (INVOICE_STATUSES as readonly string[]).includes(status)
      ? (status as InvoiceStatus)
      : undefined,
    company_id: companyId || undefined,
  });

  return (
    <div>
      <PageHeading title="Facturación" className="mb-0">
        Las facturas y notas de crédito que ARCA autoriza por la comisión de la plataforma (el 25 %
        de cada comisión), una por empresa y mes.
      </PageHeading>

      {invoicing.isSuccess ? (
        <>
          <InvoicingStatusCard status={invoicing.data} />
          <RunInvoicingCard configured={invoicing.data.configured} />
        </>
      ) : (
        <QueryFallback query={invoicing} />
      )}

      <h2 className="mt-8 text-lg font-bold">Comprobantes</h2>
      <div className="mt-2 grid gap-2 sm:grid-cols-3" role="group" aria-label="Filtros">
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-filter-month">Mes</Label>
          <Input
            id="invoice-filter-month"
            type="month"
            min="2000-01"
            max="2100-12"
            value={month}
            onChange={(event) => params.set({ month: event.target.value })}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-filter-status">Estado</Label>
          <select
            id="invoice-filter-status"
            value={status}
            onChange={(event) => params.set({ status: event.target.value })}
            className={cn(fieldClasses, 'h-11')}
          >
            <option value="">Todos</option>
            {INVOICE_STATUSES.map((value) => (
              <option key={value} value={value}>
                {INVOICE_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="invoice-filter-company">Empresa</Label>
          <CompanyFilterSelect
            id="invoice-filter-company"
            value={companyId}
            onChange={(value) => params.set({ company_id: value })}
          />
        </div>
      </div>

      <ListState
        query={invoices}
        loadingLabel="Cargando los comprobantes…"
        isEmpty={(data) => data.invoices.length === 0}
        empty={
          params.filtered ? (
            <EmptyList icon={Receipt} title="Ningún comprobante coincide" onClear={params.clear}>
              Prueba con otro mes, estado o empresa.
            </EmptyList>
          ) : (
            <EmptyList icon={Receipt} title="Todavía no hay comprobantes">
              Aparecen cuando se factura el primer mes.
            </EmptyList>
          )
        }
      >
        {(data) => (
          <>
            <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
              {countOf(data.invoices.length, 'comprobante', 'comprobantes')}
            </p>
            <AdminInvoiceList invoices={data.invoices} />
          </>
        )}
      </ListState>
    </div>
  );
}
