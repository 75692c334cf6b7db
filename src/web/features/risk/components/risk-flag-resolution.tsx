import { formatArs } from '@shared/money';
import type { RiskFlag } from '@shared/risk/risk.schema';
import { formatDateTime } from '@web/lib/format-time';

/** What was decided about a closed flag: by whom, when, why and, for a fraud, what was taken back. */
export function RiskFlagResolution({
  resolution,
}: {
  resolution: NonNullable<RiskFlag['resolution']>;
}) {
  const confirmed = resolution.decision === 'confirm';
  return (
    <div className="space-y-1 text-sm">
      <p className="text-xs text-muted-foreground">
        {confirmed ? 'Confirmada' : 'Descartada'} por{' '}
        <span className="font-medium text-foreground">
          {resolution.by_name || 'un administrador'}
        </span>{' '}
        el{' '}
        <time dateTime={resolution.at} className="whitespace-nowrap tabular-nums">
          {formatDateTime(resolution.at)}
        </time>
      </p>
      <blockquote className="border-l-2 border-border pl-2 break-words italic">
        {resolution.note}
      </blockquote>
      {confirmed ? (
        <p>
          <span className="text-muted-foreground">Comisiones revertidas: </span>
          <span className="font-semibold tabular-nums">{formatArs(resolution.reversed_cents)}</span>
        </p>
      ) : null}
    </div>
  );
}
