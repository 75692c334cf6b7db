import { Download, Receipt } from 'lucide-react';
import { Link } from 'react-router';
import type { Invoice } from '@shared/invoicing/invoicing.schema';
import { invoiceName } from '@shared/invoicing/voucher-number';
import { formatArs } from '@shared/money';
import { ListState } from '@web/components/data-list';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { currentArgentineMonth, formatCalendarDay } from '@web/lib/format-time';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { useCompanyInvoices, useCompanyTaxData } from './invoicing-api';

const TAX_DATA_PLACE = 'Configuración de la Empresa → Datos fiscales';

/** What a company reads about a document that is not authorized yet. */
function explanation(invoice: Invoice): string | null {
  if (invoice.status === 'pending') {
    return invoice.number === null
      ? 'Todavía no se envió a ARCA: VendeMás lo enviará en breve.'
      : 'ARCA todavía no respondió: VendeMás lo consultará y, si hace falta, lo enviará de nuevo.';
  }
  if (invoice.status === 'rejected') {
    return `ARCA lo rechazó por lo que observó (abajo). Si tus datos fiscales no son correctos, corrígelos en ${TAX_DATA_PLACE}: VendeMás lo enviará de nuevo en cuanto se corrija.`;
  }
  return null;
}

function InvoiceItem({ invoice }: { invoice: Invoice }) {
  const note = explanation(invoice);
  return (
    <li className="py-3 text-sm" data-testid="month-invoice">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{invoiceName(invoice)}</span>
        <InvoiceStatusBadge status={invoice.status} />
      </div>
      <p className="mt-1 font-semibold tabular-nums">{formatArs(invoice.total_cents)}</p>
      {invoice.status === 'authorized' ? (
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted-foreground">
            CAE {invoice.cae}
            {invoice.cae_due ? ` · vence el ${formatCalendarDay(invoice.cae_due)}` : ''}
          </p>
          <Button asChild variant="outline" size="sm">
            <a
              href={`/api/company/invoices/${encodeURIComponent(invoice.id)}/pdf`}
              download
              aria-label={`Descargar PDF de ${invoiceName(invoice)}`}
            >
              <Download aria-hidden />
              Descargar PDF
            </a>
          </Button>
        </div>
      ) : null}
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      {invoice.status === 'rejected' && invoice.observations.length > 0 ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-rose-900">
          {invoice.observations.map((observation) => (
            <li key={observation.code}>{observation.message}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Liquidaciones, beside a month's statement: the fiscal documents (invoices
 * and credit notes) VendeMás issued to the company for that month's
 * commission, and what to do when its tax data is missing.
 */
export function MonthInvoices({ month }: { month: string }) {
  const invoices = useCompanyInvoices();
  const taxData = useCompanyTaxData();
  const missingTaxData = taxData.data === false;

  return (
    <Card className="mt-4 p-5" aria-labelledby="month-invoices-title" role="region">
      <div className="flex items-center gap-2">
        <Receipt className="size-5 text-sky-800" aria-hidden />
        <h3 id="month-invoices-title" className="text-sm font-semibold">
          Comprobantes fiscales del mes
        </h3>
      </div>
      {missingTaxData ? (
        <p className="mt-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Faltan tus datos fiscales (razón social, CUIT y condición frente al IVA): sin ellos
          VendeMás no puede emitirte las facturas de su comisión. Complétalos en{' '}
          <Link to={`${paths.company}/settings`} className="font-semibold underline">
            {TAX_DATA_PLACE}
          </Link>
          .
        </p>
      ) : null}
      <ListState query={invoices} loadingLabel="Cargando los comprobantes…">
        {(data) => {
          const mine = data.invoices.filter((invoice) => invoice.month === month);
          if (mine.length === 0) {
            return (
              <p className="mt-2 text-sm text-muted-foreground">
                {month >= currentArgentineMonth()
                  ? 'La factura de la comisión del mes se emite el primer día del mes siguiente.'
                  : 'Este mes no tiene comprobantes.'}
              </p>
            );
          }
          return (
            <ul className="mt-1 divide-y divide-border" aria-label="Comprobantes del mes">
              {mine.map((invoice) => (
                <InvoiceItem key={invoice.id} invoice={invoice} />
              ))}
            </ul>
          );
        }}
      </ListState>
    </Card>
  );
}
