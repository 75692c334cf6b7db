import { cn } from '@web/lib/cn';

/** A product's Activo/Inactivo (spec 02 §2) as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        active
          ? 'bg-emerald-100 text-emerald-900 ring-emerald-200'
          : 'bg-slate-100 text-slate-800 ring-slate-200',
      )}
    >
      {active ? 'Activo' : 'Inactivo'}
    </span>
  );
}
