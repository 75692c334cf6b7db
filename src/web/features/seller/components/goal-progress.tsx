import { PartyPopper } from 'lucide-react';
import type { Goal } from '@shared/seller/seller.schema';
import { Progress } from '@web/components/ui/progress';
import { cn } from '@web/lib/cn';
import { GOAL_TEXT } from '../seller-text';

/** Share of a target reached, 0–100 (a target of 0 or none counts as reached). */
export function percentOf(done: number, target: number | null): number {
  if (!target || target <= 0) return 100;
  return Math.min(100, (done / target) * 100);
}

/** A month's goal: one bar per target, what is left, and a celebration once reached. */
export function GoalProgress({ goal, className }: { goal: Goal; className?: string }) {
  return (
    <div className={cn('space-y-4', className)} data-testid="goal-progress">
      {goal.reached ? (
        <div
          role="status"
          className="flex items-start gap-3 rounded-lg bg-emerald-50 p-3 text-emerald-900 ring-1 ring-emerald-200"
        >
          <PartyPopper className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-bold">{GOAL_TEXT.reached}</p>
            <p className="text-sm">{GOAL_TEXT.reachedDetail}</p>
          </div>
        </div>
      ) : null}
      {goal.target_sales != null ? (
        <Target
          label={GOAL_TEXT.salesLabel}
          value={GOAL_TEXT.salesProgress(goal.sales, goal.target_sales)}
          percent={percentOf(goal.sales, goal.target_sales)}
          remaining={
            goal.sales < goal.target_sales
              ? GOAL_TEXT.salesRemaining(goal.target_sales - goal.sales)
              : null
          }
        />
      ) : null}
      {goal.target_commission_cents != null ? (
        <Target
          label={GOAL_TEXT.commissionLabel}
          value={GOAL_TEXT.commissionProgress(goal.commission_cents, goal.target_commission_cents)}
          percent={percentOf(goal.commission_cents, goal.target_commission_cents)}
          remaining={
            goal.commission_cents < goal.target_commission_cents
              ? GOAL_TEXT.commissionRemaining(goal.target_commission_cents - goal.commission_cents)
              : null
          }
        />
      ) : null}
    </div>
  );
}

function Target({
  label,
  value,
  percent,
  remaining,
}: {
  label: string;
  value: string;
  percent: number;
  remaining: string | null;
}) {
  const done = remaining === null;
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <span className="font-semibold">{label}</span>
        <span className="tabular-nums text-muted-foreground">{value}</span>
      </div>
      <Progress
        value={percent}
        label={`${label}: ${value}`}
        className={cn('mt-2 h-3', done && '[&>div]:bg-emerald-500')}
      />
      <p className={cn('mt-1.5 text-sm', done ? 'text-emerald-700' : 'text-muted-foreground')}>
        {remaining ?? `${label}: ¡objetivo cumplido!`}
      </p>
    </div>
  );
}
