import { orderStatusLabel, orderStatusTone, type StatusTone } from '@shared/order-status';
import { cn } from '@web/lib/cn';

const TONE_CLASSES: Record<StatusTone, string> = {
  amber: 'bg-amber-100 text-amber-900 ring-amber-200',
  sky: 'bg-sky-100 text-sky-900 ring-sky-200',
  emerald: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  indigo: 'bg-indigo-100 text-indigo-900 ring-indigo-200',
  rose: 'bg-rose-100 text-rose-900 ring-rose-200',
  slate: 'bg-slate-100 text-slate-800 ring-slate-200',
};

/**
 * An order's status as a coloured badge with its Spanish label (spec 02 §4).
 * Unknown and legacy values (`pending`, `rejected`) still get a colour.
 */
export function OrderStatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        TONE_CLASSES[orderStatusTone(status)],
        className,
      )}
    >
      {orderStatusLabel(status)}
    </span>
  );
}
