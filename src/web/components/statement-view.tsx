import type { ReactNode } from 'react';
import { formatArs } from '@shared/money';
import type {
  Statement,
  StatementLine,
  StatementMonth,
} from '@shared/settlements/settlements.schema';
import { Card } from '@web/components/ui/card';
import { DataTable, type Column } from './data-list';
import { cn } from '@web/lib/cn';
import { formatCalendarDay, formatDateTime, formatMonth } from '@web/lib/format-time';

/** «Noviembre de 2026». */
export function monthLabel(month: string): string {
  const text = formatMonth(month);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The months of a company's settlements, newest first; the selected one is marked. */
export function StatementMonths({
  months,
  selected,
  onSelect,
}: {
  months: StatementMonth[];
  selected: string | null;
  onSelect: (month: string) => void;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Meses">
      {months.map((month) => (
        <li key={month.month}>
          <button
            type="button"
            aria-pressed={selected === month.month}
            onClick={() => onSelect(month.month)}
            className={cn(
              'w-full rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring',
              selected === month.month ? 'border-primary ring-1 ring-primary' : 'border-border',
            )}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-semibold">{monthLabel(month.month)}</span>
              <span
                className={cn(
                  'rounded-full px-2 py-0.5 text-xs font-semibold',
                  month.closed ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-900',
                )}
              >
                {month.closed ? 'Cerrado' : 'En curso'}
              </span>
            </span>
            {/* One figure a line: amounts of any size keep their own space. */}
            <span className="mt-3 grid gap-1 text-sm">
              {(
                [
                  ['Comisiones', month.owed_cents],
                  ...(month.collected_cents ? [['Cobrado en origen', month.collected_cents]] : []),
                  ['Pagado', month.paid_cents],
                  ['Saldo', month.closing_cents],
                ] as [string, number][]
              ).map(([label, cents]) => (
                <span key={label} className="flex items-baseline justify-between gap-3">
                  <span className="text-muted-foreground">{label}</span>
                  <span
                    className={cn(
                      'font-semibold text-foreground tabular-nums',
                      label === 'Saldo' && 'text-base',
                    )}
                  >
                    {formatArs(cents)}
                  </span>
                </span>
              ))}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Figure({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className={cn('text-sm', strong ? 'font-semibold' : 'text-muted-foreground')}>{label}</dt>
      <dd className={cn('tabular-nums', strong ? 'text-lg font-bold' : 'font-medium')}>
        {formatArs(value)}
      </dd>
    </div>
  );
}

const AMOUNT = 'text-right tabular-nums';

/** What kind of movement a line is, after its reference: a refund, or commission collected at the source. */
function kindNote(line: StatementLine): string {
  if (line.kind === 'reversal') return ' · Reembolso';
  if (line.kind === 'clawback') return ' · Comisión anulada por fraude';
  if (line.kind === 'collected') {
    return line.total_cents < 0 ? ' · Cobrada en origen, reembolsada' : ' · Cobrada en origen';
  }
  return '';
}

/** Lines are one per order and movement; collected ones may repeat a kind, so the place counts too. */
const lineKey = (line: StatementLine, index: number) => `${line.order_id}:${line.kind}:${index}`;

/** The month's orders on a wide screen: when, which, who sold it, and how its commission splits. */
const LINE_COLUMNS: Column<StatementLine>[] = [
  { header: 'Fecha', cell: (line) => formatDateTime(line.at), className: 'whitespace-nowrap' },
  {
    header: 'Pedido',
    cell: (line) => (
      <>
        <span className="font-medium">{line.product_title}</span>
        <span className="block text-xs text-muted-foreground">
          {line.reference}
          {kindNote(line)}
        </span>
      </>
    ),
  },
  { header: 'Vendedor', cell: (line) => line.seller_name ?? 'Sin vendedor' },
  {
    header: 'Comisión vendedor',
    cell: (line) => formatArs(line.seller_cents),
    className: AMOUNT,
  },
  { header: 'Plataforma', cell: (line) => formatArs(line.platform_cents), className: AMOUNT },
  {
    header: 'Total',
    cell: (line) => formatArs(line.total_cents),
    className: `${AMOUNT} font-semibold`,
  },
];

/** One month's statement: balances, per seller, order by order, and the payments received. */
export function StatementView({
  statement,
  actions,
}: {
  statement: Statement;
  actions?: ReactNode;
}) {
  return (
    <section aria-labelledby="statement-title" className="mt-6 space-y-4" data-testid="statement">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="statement-title" className="text-xl font-bold">
            Liquidación de {monthLabel(statement.month).toLowerCase()}
          </h2>
          <p className="text-sm text-muted-foreground">{statement.company.name}</p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="p-5">
          <dl className="divide-y divide-border">
            <Figure label="Saldo anterior" value={statement.opening_cents} />
            <Figure label="Comisiones del mes" value={statement.owed_cents} />
            <Figure
              label="Pagos recibidos"
              value={statement.paid_cents ? -statement.paid_cents : 0}
            />
            <Figure label="Saldo a pagar" value={statement.closing_cents} strong />
          </dl>
          {statement.collected_cents !== 0 ? (
            <p className="mt-3 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
              Además, la plataforma cobró en origen {formatArs(statement.collected_cents)} de
              comisiones de ventas pagadas con tu MercadoPago conectado: no se suman a lo que debes.
            </p>
          ) : null}
        </Card>
        <Card className="p-5">
          <h3 className="text-sm font-semibold">Cómo se reparte</h3>
          <dl className="mt-2 divide-y divide-border">
            {statement.sellers.map((seller) => (
              <Figure key={seller.seller_id} label={seller.name} value={seller.amount_cents} />
            ))}
            <Figure label="Plataforma" value={statement.platform_cents} />
          </dl>
        </Card>
      </div>

      <Card className="overflow-hidden">
        <h3 className="border-b border-border px-5 py-3 text-sm font-semibold">
          Pedidos del mes ({statement.lines.length})
        </h3>
        {statement.lines.length === 0 ? (
          <p className="px-5 py-6 text-sm text-muted-foreground">
            No hubo ventas aprobadas ni reembolsos este mes.
          </p>
        ) : (
          <>
            <ul className="divide-y divide-border md:hidden">
              {statement.lines.map((line, index) => (
                <li key={lineKey(line, index)} className="px-5 py-3 text-sm">
                  <div className="flex justify-between gap-3">
                    <span className="font-medium">{line.product_title}</span>
                    <span className="font-semibold tabular-nums">
                      {formatArs(line.total_cents)}
                    </span>
                  </div>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {line.reference} · {formatDateTime(line.at)}
                    {kindNote(line)}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {line.seller_name ?? 'Sin vendedor'}: {formatArs(line.seller_cents)} ·
                    Plataforma: {formatArs(line.platform_cents)}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <DataTable
                items={statement.lines}
                columns={LINE_COLUMNS}
                rowKey={(line) => lineKey(line, statement.lines.indexOf(line))}
              />
            </div>
          </>
        )}
      </Card>

      {statement.payments.length ? (
        <Card className="p-5">
          <h3 className="text-sm font-semibold">Pagos recibidos</h3>
          <ul className="mt-2 divide-y divide-border text-sm">
            {statement.payments.map((payment) => (
              <li key={payment.id} className="flex justify-between gap-3 py-2">
                <span>
                  {formatCalendarDay(payment.paid_on)} · {payment.reference}
                  {payment.recorded_by_name ? (
                    <span className="block text-xs text-muted-foreground">
                      Registrado por {payment.recorded_by_name}
                    </span>
                  ) : null}
                </span>
                <span className="font-semibold tabular-nums">
                  {formatArs(payment.amount_cents)}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
