import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/**
 * A data table for desktop widths (phones get cards instead). Its wrapper is
 * the containing block of what is positioned inside (a visually hidden
 * header is absolutely positioned): without it such an element escapes the
 * wrapper's scrolling and widens the whole page. Scrolling sideways is only a
 * last resort (a zoomed page): a panel table is laid out to fit its container.
 */
export function Table({ className, ...props }: ComponentProps<'table'>) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-border bg-card">
      <table className={cn('w-full text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableHead({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead
      className={cn(
        'border-b border-border bg-muted/60 text-xs font-semibold tracking-wide text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-border', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cn('hover:bg-muted/40', className)} {...props} />;
}

export function TableHeader({ className, ...props }: ComponentProps<'th'>) {
  return <th scope="col" className={cn('px-4 py-3 font-semibold', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-middle', className)} {...props} />;
}

/** Classes for a cell of money: right-aligned, digits in columns, never broken or cut. */
export const MONEY_CELL = 'text-right tabular-nums whitespace-nowrap';
