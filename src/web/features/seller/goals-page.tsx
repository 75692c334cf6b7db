import { CalendarCheck, CalendarX, Target } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatAmount, formatArs, parseMoney } from '@shared/money';
import { PutGoalBody, type Goal } from '@shared/seller/seller.schema';
import { MoneyField } from '@web/components/money-field';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { toast, toastError } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { usePutGoal, useGoals } from './api/seller-goals';
import { GoalProgress } from './components/goal-progress';
import { PageHeading } from './components/empty-state';
import { currentArgentineMonth, formatMonth } from '@web/lib/format-time';
import { GOAL_TEXT } from './seller-text';

type GoalErrors = Partial<Record<'target_sales' | 'target_commission', string>>;

/** The form's text boxes as the API body; an amount that is not pesos is an error. */
export function goalBodyFrom(
  month: string,
  sales: string,
  commission: string,
): { body: PutGoalBody } | { errors: GoalErrors } {
  const amount = commission.trim() ? parseMoney(commission) : null;
  if (amount && !amount.ok) return { errors: { target_commission: amount.message } };
  const commissionCents = amount ? amount.cents : null;
  const parsed = PutGoalBody.safeParse({
    month,
    target_sales: sales.trim() ? Number(sales.trim()) : null,
    target_commission_cents: commissionCents,
  });
  if (parsed.success) return { body: parsed.data };
  const errors: GoalErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] === 'target_commission_cents' ? 'target_commission' : 'target_sales';
    errors[key] ??= issue.message;
  }
  return { errors };
}

/** Metas: this month's goal (sales and/or commissions) and how past months went. */
export function GoalsPage() {
  const goals = useGoals();
  const month = currentArgentineMonth();
  if (goals.isPending) return <PageSpinner />;
  if (goals.isError) {
    return (
      <p role="alert" className="text-destructive">
        {goals.error.message}
      </p>
    );
  }
  const current = goals.data.items.find((goal) => goal.month === month) ?? null;
  const past = goals.data.items.filter((goal) => goal.month < month);
  return (
    <div>
      <PageHeading title={GOAL_TEXT.title}>{GOAL_TEXT.intro}</PageHeading>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-lg font-bold first-letter:uppercase">
            <Target className="size-5 text-primary" aria-hidden />
            <span className="first-letter:uppercase">
              {GOAL_TEXT.formTitle(formatMonth(month))}
            </span>
          </h2>
          {current ? <GoalProgress goal={current} className="mt-4" /> : null}
          <GoalForm key={current?.month ?? 'new'} month={month} current={current} />
        </Card>
        <section aria-labelledby="past-goals">
          <h2 id="past-goals" className="text-lg font-bold">
            {GOAL_TEXT.historyTitle}
          </h2>
          {past.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">{GOAL_TEXT.historyEmpty}</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {past.map((goal) => (
                <PastGoal key={goal.month} goal={goal} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function GoalForm({ month, current }: { month: string; current: Goal | null }) {
  const [sales, setSales] = useState(current?.target_sales?.toString() ?? '');
  const [commission, setCommission] = useState(
    current?.target_commission_cents != null ? formatAmount(current.target_commission_cents) : '',
  );
  const [errors, setErrors] = useState<GoalErrors>({});
  const save = usePutGoal();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = goalBodyFrom(month, sales, commission);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(result.body);
      toast({ title: GOAL_TEXT.saved, variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors({
          target_sales: error.fields.target_sales ?? error.fields.month,
          target_commission: error.fields.target_commission_cents,
        });
      }
      toastError(GOAL_TEXT.saveFailed, error);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-5 space-y-4 border-t border-border pt-5">
      <FormField
        id="goal-sales"
        label={GOAL_TEXT.targetSales}
        error={errors.target_sales}
        hint={GOAL_TEXT.targetSalesHint}
      >
        <Input
          {...describedBy('goal-sales', errors.target_sales, GOAL_TEXT.targetSalesHint)}
          inputMode="numeric"
          value={sales}
          onChange={(event) => setSales(event.target.value.replace(/\D/g, ''))}
          placeholder="10"
        />
      </FormField>
      <MoneyField
        id="goal-commission"
        label={GOAL_TEXT.targetCommission}
        value={commission}
        onChange={setCommission}
        error={errors.target_commission}
        hint={GOAL_TEXT.targetCommissionHint}
        placeholder="50.000"
        understood={GOAL_TEXT.commissionUnderstood}
      />
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
        {save.isPending ? GOAL_TEXT.saving : GOAL_TEXT.save}
      </Button>
    </form>
  );
}

function PastGoal({ goal }: { goal: Goal }) {
  const Icon = goal.reached ? CalendarCheck : CalendarX;
  return (
    <li>
      <Card className="p-4">
        <div className="flex items-center justify-between gap-3">
          <p className="font-semibold first-letter:uppercase">{formatMonth(goal.month)}</p>
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
              goal.reached ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-100 text-slate-700',
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {goal.reached ? GOAL_TEXT.historyReached : GOAL_TEXT.historyMissed}
          </span>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm">
          {goal.target_sales != null ? (
            <div>
              <dt className="text-xs text-muted-foreground">{GOAL_TEXT.salesLabel}</dt>
              <dd className="tabular-nums">
                {GOAL_TEXT.salesProgress(goal.sales, goal.target_sales)}
              </dd>
            </div>
          ) : null}
          {goal.target_commission_cents != null ? (
            <div>
              <dt className="text-xs text-muted-foreground">{GOAL_TEXT.commissionLabel}</dt>
              <dd className="tabular-nums">
                {formatArs(goal.commission_cents)} / {formatArs(goal.target_commission_cents)}
              </dd>
            </div>
          ) : null}
        </dl>
      </Card>
    </li>
  );
}
