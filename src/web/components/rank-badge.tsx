import { cn } from '@web/lib/cn';

/** Gold, silver and bronze for the first three places. */
const MEDALS = [
  'bg-amber-300 text-amber-950',
  'bg-slate-300 text-slate-900',
  'bg-orange-300 text-orange-950',
];

/** A place in a ranking, in a round badge (a medal's colour for the podium). */
export function RankBadge({ rank }: { rank: number }) {
  return (
    <span
      className={cn(
        'inline-flex size-7 items-center justify-center rounded-full text-xs font-bold tabular-nums',
        MEDALS[rank - 1] ?? 'bg-muted text-slate-700',
      )}
    >
      {rank}
    </span>
  );
}
