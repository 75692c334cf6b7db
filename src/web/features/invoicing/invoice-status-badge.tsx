import { CircleCheck, CircleX, Clock } from 'lucide-react';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@shared/invoicing/invoicing.schema';
import { cn } from '@web/lib/cn';

const STYLES: Record<InvoiceStatus, { icon: typeof Clock; className: string }> = {
  pending: { icon: Clock, className: 'bg-amber-100 text-amber-900 ring-amber-200' },
  authorized: { icon: CircleCheck, className: 'bg-emerald-100 text-emerald-900 ring-emerald-200' },
  rejected: { icon: CircleX, className: 'bg-rose-100 text-rose-900 ring-rose-200' },
};

/** A document's status: its word and an icon, the colour only on top of them. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { icon: Icon, className } = STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
