import { Target, Trophy } from 'lucide-react';
import { useState } from 'react';
import { formatArs, parseAmountToCents } from '@shared/money';
import { PROVINCES } from '@shared/provinces';
import { SELLER_MESSAGES } from '@shared/seller/seller.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { toast } from '@web/components/ui/toast-store';
import { cn } from '@web/lib/cn';
import { useGoals, useRanking, useSaveGoal } from './api/seller-api';

function currentMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());
}

function monthLabel(month: string): string {
  return new Date(`${month}-15T12:00:00`).toLocaleDateString('es-AR', {
    month: 'long',
    year: 'numeric',
  });
}

/** Ranking and monthly goals: who sells the most, and how the seller is doing. */
export function RankingPage() {
  const [province, setProvince] = useState('');
  const ranking = useRanking(province);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px]">
      <section>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-brand-dark">
          <Trophy className="size-6 text-amber-500" aria-hidden />
          Ranking
        </h1>
        <select
          aria-label="Ranking de"
          value={province}
          onChange={(e) => setProvince(e.target.value)}
          className="mt-4 h-11 w-full max-w-xs rounded-lg border border-input bg-background px-3 text-sm"
        >
          <option value="">Todo el país</option>
          {PROVINCES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {ranking.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Cargando el ranking…" />
          </div>
        ) : ranking.isError ? (
          <p role="alert" className="mt-4 text-destructive">
            {ranking.error.message}
          </p>
        ) : ranking.data.items.length === 0 ? (
          <p className="mt-4 text-sm text-muted-foreground">
            Todavía no hay vendedores en esta provincia.
          </p>
        ) : (
          <ol className="mt-4 space-y-2">
            {[
              ...ranking.data.items,
              ...(ranking.data.me &&
              !ranking.data.items.some((r) => r.seller_id === ranking.data.me!.seller_id)
                ? [ranking.data.me]
                : []),
            ].map((row) => {
              const mine = row.seller_id === ranking.data.me?.seller_id;
              return (
                <li key={row.seller_id} aria-current={mine ? 'true' : undefined}>
                  <Card
                    className={cn(
                      'flex items-center gap-3 p-3',
                      mine && 'border-primary bg-sky-50',
                    )}
                  >
                    <span
                      className={cn(
                        'flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold',
                        row.rank <= 3 ? 'bg-amber-100 text-amber-900' : 'bg-muted',
                      )}
                    >
                      {row.rank}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold">
                        {row.name}
                        {mine ? ' (tú)' : ''}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        {row.province ?? 'Sin provincia'}
                      </p>
                    </div>
                    <div className="text-right text-sm">
                      <p className="font-bold">{row.points} pts</p>
                      <p className="text-xs text-muted-foreground">{row.sales} ventas</p>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <GoalsPanel />
    </div>
  );
}

function GoalsPanel() {
  const goals = useGoals();
  const save = useSaveGoal();
  const month = currentMonth();
  const current = goals.data?.items.find((goal) => goal.month === month);
  const [sales, setSales] = useState('');
  const [commission, setCommission] = useState('');
  const [error, setError] = useState<string>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const targetSales = sales.trim() ? Number(sales) : null;
    const targetCommission = commission.trim() ? parseAmountToCents(commission) : null;
    if (
      (targetSales === null && targetCommission === null) ||
      (targetSales !== null && (!Number.isInteger(targetSales) || targetSales < 1)) ||
      (commission.trim() && !targetCommission)
    ) {
      setError(SELLER_MESSAGES.goalTargetInvalid);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({
        month,
        target_sales: targetSales,
        target_commission_cents: targetCommission,
      });
      toast({ title: 'Meta guardada.', variant: 'success' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : SELLER_MESSAGES.goalTargetInvalid);
    }
  };

  return (
    <section aria-labelledby="goals-heading">
      <Card className="p-5">
        <h2 id="goals-heading" className="flex items-center gap-2 font-bold">
          <Target className="size-5 text-primary" aria-hidden />
          Meta de {monthLabel(month)}
        </h2>
        {current ? (
          <p className="mt-2 text-sm text-muted-foreground">
            Llevas {current.sales} {current.sales === 1 ? 'venta' : 'ventas'} y{' '}
            {formatArs(current.commission_cents)} en comisiones.
            {current.reached ? ' ¡Meta cumplida! 🎉' : ''}
          </p>
        ) : null}
        <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-3">
          <FormField id="goal-sales" label="Ventas del mes">
            <Input
              id="goal-sales"
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              placeholder={current?.target_sales ? String(current.target_sales) : 'Por ejemplo, 10'}
              value={sales}
              onChange={(e) => setSales(e.target.value)}
            />
          </FormField>
          <FormField id="goal-commission" label="Comisiones del mes ($)" error={error}>
            <Input
              id="goal-commission"
              type="number"
              min="1"
              step="0.01"
              inputMode="decimal"
              placeholder={
                current?.target_commission_cents
                  ? String(current.target_commission_cents / 100)
                  : 'Por ejemplo, 50000'
              }
              value={commission}
              onChange={(e) => setCommission(e.target.value)}
              aria-describedby={error ? 'goal-commission-error' : undefined}
            />
          </FormField>
          <Button type="submit" disabled={save.isPending} className="w-full">
            {current ? 'Cambiar mi meta' : 'Fijar mi meta'}
          </Button>
        </form>
      </Card>
      {goals.data && goals.data.items.some((goal) => goal.month !== month) ? (
        <Card className="mt-4 p-5">
          <h3 className="font-bold">Meses anteriores</h3>
          <ul className="mt-2 divide-y divide-border text-sm">
            {goals.data.items
              .filter((goal) => goal.month !== month)
              .map((goal) => (
                <li key={goal.month} className="flex justify-between py-2">
                  <span className="capitalize">{monthLabel(goal.month)}</span>
                  <span
                    className={
                      goal.reached ? 'font-semibold text-emerald-700' : 'text-muted-foreground'
                    }
                  >
                    {goal.reached ? 'Cumplida' : 'No cumplida'} · {goal.sales} ventas
                  </span>
                </li>
              ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
