import { Banknote, Building2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatArs, parseMoney } from '@shared/money';
import { SETTLEMENT_MESSAGES } from '@shared/settlements/settlements.schema';
import { argentineDay, FIRST_DAY } from '@shared/time';
import { EmptyList, ListState } from '@web/components/data-list';
import { MoneyField } from '@web/components/money-field';
import { StatementMonths, StatementView } from '@web/components/statement-view';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { DialogForm } from '@web/components/ui/dialog-form';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { PageHeading } from '@web/components/page-heading';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { formatCalendarDay } from '@web/lib/format-time';
import {
  useCompanyBalances,
  useRecordPayment,
  useStatement,
  useStatementMonths,
} from './settlements-api';

function todayInArgentina(): string {
  return argentineDay(new Date());
}

/**
 * Liquidaciones for the admin (`/admin/settlements`): what every company owes
 * for its sales' commissions, each one's monthly statements, and recording
 * the transfers that pay them (partial payments allowed).
 */
export function AdminSettlementsPage() {
  const [params, setParams] = useSearchParams();
  const companyId = params.get('company');
  const balances = useCompanyBalances();
  const months = useStatementMonths(companyId, companyId !== null);
  const month = params.get('month') ?? months.data?.months[0]?.month ?? null;
  const statement = useStatement(companyId, companyId ? month : null);
  const [paying, setPaying] = useState(false);
  const company = balances.data?.items.find((item) => item.company_id === companyId);

  return (
    <div>
      <PageHeading title="Liquidaciones" className="mb-0">
        Lo que cada empresa debe por las comisiones de sus ventas (vendedores y plataforma).
        Registra cada transferencia cuando llega: el saldo que queda pasa al mes siguiente.
      </PageHeading>

      <ListState
        query={balances}
        loadingLabel="Cargando las empresas…"
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyList icon={Building2} title="Todavía ninguna empresa debe comisiones." />}
      >
        {(data) => (
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Empresas">
            {data.items.map((item) => (
              <li key={item.company_id}>
                <button
                  type="button"
                  aria-pressed={companyId === item.company_id}
                  onClick={() => setParams({ company: item.company_id }, { replace: true })}
                  className={cn(
                    'w-full rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-ring',
                    companyId === item.company_id
                      ? 'border-primary ring-1 ring-primary'
                      : 'border-border',
                  )}
                >
                  <span className="block truncate font-semibold" title={item.name}>
                    {item.name}
                  </span>
                  <span className="mt-2 flex items-baseline justify-between gap-2 text-sm">
                    <span className="text-muted-foreground">Saldo</span>
                    <span
                      className={cn(
                        'font-bold tabular-nums',
                        item.balance_cents > 0 ? 'text-amber-700' : 'text-emerald-700',
                      )}
                    >
                      {formatArs(item.balance_cents)}
                    </span>
                  </span>
                  <span className="mt-1 block text-xs text-muted-foreground">
                    Comisiones {formatArs(item.owed_cents)} · Pagado {formatArs(item.paid_cents)}
                    {item.collected_cents
                      ? ` · Cobrado en origen ${formatArs(item.collected_cents)}`
                      : ''}
                    {item.last_payment_on
                      ? ` · Último pago ${formatCalendarDay(item.last_payment_on)}`
                      : ''}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListState>

      {companyId && company ? (
        <section className="mt-8" aria-label={`Liquidaciones de ${company.name}`}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="text-lg font-bold">{company.name}</h2>
            <Button onClick={() => setPaying(true)} disabled={company.balance_cents <= 0}>
              <Banknote aria-hidden />
              Registrar pago
            </Button>
          </div>
          <ListState query={months} loadingLabel="Cargando los meses…">
            {(data) => (
              <div className="mt-4">
                <p
                  className="mb-3 text-sm text-muted-foreground"
                  data-testid="settlement-reference"
                >
                  Sus transferencias llevan la referencia{' '}
                  <span className="font-mono font-semibold text-foreground">
                    {data.pay_to.reference}
                  </span>
                  .
                </p>
                <StatementMonths
                  months={data.months}
                  selected={month}
                  onSelect={(value) =>
                    setParams({ company: companyId, month: value }, { replace: true })
                  }
                />
              </div>
            )}
          </ListState>
          {statement.data ? <StatementView statement={statement.data} /> : null}
          <RecordPaymentDialog
            open={paying}
            onOpenChange={setPaying}
            companyId={companyId}
            companyName={company.name}
            balanceCents={company.balance_cents}
          />
        </section>
      ) : null}
    </div>
  );
}

export function RecordPaymentDialog({
  open,
  onOpenChange,
  companyId,
  companyName,
  balanceCents,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyId: string;
  companyName: string;
  balanceCents: number;
}) {
  const record = useRecordPayment(companyId);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(todayInArgentina);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseMoney(amount);
    const cents = parsed.ok ? parsed.cents : null;
    const found: Record<string, string> = {};
    if (!parsed.ok && amount.trim() !== '') found.amount_cents = parsed.message;
    else if (cents === null || cents <= 0) found.amount_cents = SETTLEMENT_MESSAGES.amountInvalid;
    else if (cents > balanceCents) found.amount_cents = SETTLEMENT_MESSAGES.amountOverBalance;
    if (!paidOn) found.paid_on = SETTLEMENT_MESSAGES.dateInvalid;
    if (!reference.trim()) found.reference = SETTLEMENT_MESSAGES.referenceRequired;
    setErrors(found);
    if (Object.keys(found).length || cents === null) return;
    record.mutate(
      { amount_cents: cents, paid_on: paidOn, reference: reference.trim() },
      {
        onSuccess: () => {
          toast({ title: SETTLEMENT_MESSAGES.paymentRecorded, variant: 'success' });
          setAmount('');
          setReference('');
          onOpenChange(false);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields);
          else setErrors({ form: error.message });
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogForm
          title="Registrar pago"
          description={`${companyName} debe ${formatArs(balanceCents)}. Los pagos parciales se descuentan del saldo.`}
          onSubmit={onSubmit}
          onCancel={() => onOpenChange(false)}
          pending={record.isPending}
          submitLabel="Registrar pago"
          bodyClassName="space-y-4"
        >
          <MoneyField
            id="payment-amount"
            label="Monto recibido ($)"
            placeholder="0,00"
            value={amount}
            onChange={setAmount}
            error={errors.amount_cents}
            hint="Por ejemplo 3.000,00"
            understood={(pesos) => `Se registrará ${pesos}`}
          />
          <FormField id="payment-date" label="Fecha de la transferencia" error={errors.paid_on}>
            <Input
              id="payment-date"
              type="date"
              min={FIRST_DAY}
              max={todayInArgentina()}
              value={paidOn}
              onChange={(event) => setPaidOn(event.target.value)}
              aria-invalid={Boolean(errors.paid_on)}
              aria-describedby={errors.paid_on ? 'payment-date-error' : undefined}
            />
          </FormField>
          <FormField id="payment-reference" label="Referencia" error={errors.reference}>
            <Input
              id="payment-reference"
              value={reference}
              maxLength={120}
              onChange={(event) => setReference(event.target.value)}
              aria-invalid={Boolean(errors.reference)}
              aria-describedby={errors.reference ? 'payment-reference-error' : undefined}
            />
          </FormField>
          {errors.form ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {errors.form}
            </p>
          ) : null}
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
