import { Download, RotateCw } from 'lucide-react';
import type { Invoice } from '@shared/invoicing/invoicing.schema';
import { invoiceName } from '@shared/invoicing/voucher-number';
import { formatArs } from '@shared/money';
import { RowsView, type Column } from '@web/components/data-list';
import { monthLabel } from '@web/components/statement-view';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast, toastError } from '@web/components/ui/toast-store';
import { formatCalendarDay } from '@web/lib/format-time';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { useRetryInvoice } from './invoicing-api';

/** CAE and due date of an authorized document; ARCA's observations of a rejected one. */
function Details({ invoice }: { invoice: Invoice }) {
  if (invoice.status === 'authorized' && invoice.cae) {
    return (
      <p className="text-xs text-muted-foreground">
        CAE {invoice.cae}
        {invoice.cae_due ? ` · vence el ${formatCalendarDay(invoice.cae_due)}` : ''}
      </p>
    );
  }
  if (invoice.status === 'rejected' && invoice.observations.length) {
    return (
      <ul className="space-y-0.5 text-xs break-words text-rose-900">
        {invoice.observations.map((observation) => (
          <li key={observation.code}>
            Observación {observation.code}: {observation.message}
          </li>
        ))}
      </ul>
    );
  }
  return null;
}

function Actions({ invoice }: { invoice: Invoice }) {
  const retry = useRetryInvoice();
  const name = invoiceName(invoice);
  if (invoice.status === 'authorized') {
    return (
      <Button asChild variant="outline" size="sm">
        <a
          href={`/api/admin/invoices/${encodeURIComponent(invoice.id)}/pdf`}
          download
          aria-label={`Descargar PDF de ${name}`}
        >
          <Download aria-hidden />
          PDF
        </a>
      </Button>
    );
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={retry.isPending}
      aria-label={`Reintentar ${name} de ${invoice.company_name}`}
      onClick={() =>
        retry.mutate(invoice.id, {
          onSuccess: (after) =>
            toast({
              title: `${invoiceName(after)}: ${after.status === 'authorized' ? 'autorizado por ARCA' : after.status === 'rejected' ? 'ARCA lo rechazó de nuevo' : 'sigue pendiente'}.`,
              variant: after.status === 'authorized' ? 'success' : 'default',
            }),
          onError: (error) => toastError('No se pudo reintentar', error),
        })
      }
    >
      <RotateCw aria-hidden />
      {retry.isPending ? 'Reintentando…' : 'Reintentar'}
    </Button>
  );
}

const COLUMNS: Column<Invoice>[] = [
  {
    header: 'Empresa',
    cell: (invoice) => <span className="font-medium">{invoice.company_name}</span>,
  },
  { header: 'Mes', cell: (invoice) => monthLabel(invoice.month), className: 'whitespace-nowrap' },
  {
    header: 'Comprobante',
    cell: (invoice) => (
      <>
        <span className="whitespace-nowrap">{invoiceName(invoice)}</span>
        <Details invoice={invoice} />
      </>
    ),
  },
  {
    header: 'Total',
    cell: (invoice) => formatArs(invoice.total_cents),
    className: 'text-right tabular-nums font-semibold whitespace-nowrap',
  },
  { header: 'Estado', cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  {
    header: <span className="sr-only">Acciones</span>,
    cell: (invoice) => <Actions invoice={invoice} />,
    className: 'w-px',
  },
];

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  return (
    <Card className="p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{invoice.company_name}</p>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="text-sm">{invoiceName(invoice)}</p>
      <p className="text-xs text-muted-foreground">{monthLabel(invoice.month)}</p>
      <p className="mt-1 font-bold tabular-nums">{formatArs(invoice.total_cents)}</p>
      <div className="mt-1">
        <Details invoice={invoice} />
      </div>
      <div className="mt-3">
        <Actions invoice={invoice} />
      </div>
    </Card>
  );
}

/** The documents: a table on a wide screen, cards on a phone. */
export function AdminInvoiceList({ invoices }: { invoices: Invoice[] }) {
  return (
    <RowsView
      items={invoices}
      columns={COLUMNS}
      rowKey={(invoice) => invoice.id}
      card={(invoice) => <InvoiceCard invoice={invoice} />}
      caption="Comprobantes fiscales"
    />
  );
}
