import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { countOf } from '@shared/plural';
import {
  RISK_KIND_HINTS,
  RISK_KIND_LABELS,
  RISK_STATUS_LABELS,
  SELF_REPORTED_RISK_KINDS,
  type RiskFlag,
} from '@shared/risk/risk.schema';
import type { RowsLayout } from '@web/components/data-list';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/cn';
import { formatDateTime } from '@web/lib/format-time';
import { RiskFlagEvents } from './risk-flag-events';
import { RiskFlagResolution } from './risk-flag-resolution';
import type { RiskDecision } from './resolve-flag-dialog';

export interface RiskRowActions {
  /** Opens the decision's dialog. */
  onDecide: (flag: RiskFlag, decision: RiskDecision) => void;
  /** Shows only this seller's flags; absent while the list already is one seller's. */
  onSeller?: (flag: RiskFlag) => void;
  /** Closed flags show a note where open ones show two buttons: their column is wider. */
  resolved: boolean;
}

/**
 * The flags as a table from wide screens up, and as cards on phones and
 * tablets. The table has three columns (what and who, the events, the
 * decision) so the events keep a readable width beside the panel's sidebar.
 */
export function riskFlagRows(actions: RiskRowActions): RowsLayout<RiskFlag> {
  return {
    breakpoint: 'xl',
    caption: 'Alertas de riesgo',
    columns: [
      {
        header: 'Alerta',
        cell: (flag) => (
          <>
            <Kind flag={flag} />
            <div className="mt-3">
              <Seller flag={flag} onSeller={actions.onSeller} />
            </div>
          </>
        ),
        className: 'w-72 max-w-72 align-top',
      },
      {
        header: 'Eventos',
        cell: (flag) => (
          <>
            <Activity flag={flag} />
            <div className="mt-2">
              <RiskFlagEvents flag={flag} />
            </div>
          </>
        ),
        className: 'align-top',
      },
      {
        header: 'Decisión',
        cell: (flag) => <Decision flag={flag} onDecide={actions.onDecide} />,
        className: actions.resolved ? 'w-80 min-w-64 align-top' : 'w-48 min-w-44 align-top',
      },
    ],
    card: (flag) => (
      <Card className="h-full p-4">
        <Kind flag={flag} badge={<StatusBadge flag={flag} />} />
        <div className="mt-3 border-t border-border pt-3">
          <Seller flag={flag} onSeller={actions.onSeller} />
        </div>
        <div className="mt-3 border-t border-border pt-3">
          <Activity flag={flag} />
          <div className="mt-2">
            <RiskFlagEvents flag={flag} />
          </div>
        </div>
        <div className="mt-4 border-t border-border pt-3">
          <Decision flag={flag} onDecide={actions.onDecide} stretch />
        </div>
      </Card>
    ),
  };
}

function Seller({ flag, onSeller }: { flag: RiskFlag; onSeller?: (flag: RiskFlag) => void }) {
  const { seller } = flag;
  const at = seller.email.indexOf('@');
  return (
    <div className="min-w-0">
      <p className="font-semibold break-words">{seller.name || 'Vendedor sin nombre'}</p>
      <a
        href={`mailto:${seller.email}`}
        className="block text-sm [overflow-wrap:anywhere] text-primary hover:underline"
      >
        {/* A long address wraps after the @ rather than inside a word. */}
        {at > 0 ? (
          <>
            {seller.email.slice(0, at)}
            <wbr />
            {seller.email.slice(at)}
          </>
        ) : (
          seller.email
        )}
      </a>
      <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {onSeller ? (
          <button
            type="button"
            onClick={() => onSeller(flag)}
            className="font-semibold text-primary hover:underline"
          >
            Solo sus alertas
          </button>
        ) : null}
        <Link
          to={`${paths.admin}/users?role=seller&q=${encodeURIComponent(seller.email)}`}
          className="font-semibold text-primary hover:underline"
        >
          Ver en Usuarios
        </Link>
      </p>
    </div>
  );
}

/** The signal and what it means. */
function Kind({ flag, badge }: { flag: RiskFlag; badge?: ReactNode }) {
  return (
    <div>
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{RISK_KIND_LABELS[flag.kind]}</p>
        {badge}
      </div>
      <p className="mt-0.5 text-xs text-muted-foreground">{RISK_KIND_HINTS[flag.kind]}</p>
    </div>
  );
}

/** How often the signal was seen, and between which dates. */
function Activity({ flag }: { flag: RiskFlag }) {
  const first = (
    <time dateTime={flag.first_at} className="whitespace-nowrap">
      {formatDateTime(flag.first_at)}
    </time>
  );
  const last = (
    <time dateTime={flag.last_at} className="whitespace-nowrap">
      {formatDateTime(flag.last_at)}
    </time>
  );
  return (
    <p className="text-xs text-muted-foreground tabular-nums">
      <span className="font-semibold text-foreground">
        {countOf(flag.count, 'evento', 'eventos')}
      </span>
      {flag.count > 1 ? (
        <>
          {' '}
          · del {first} al {last}
        </>
      ) : (
        <> · {last}</>
      )}
    </p>
  );
}

const STATUS_CLASSES: Record<RiskFlag['status'], string> = {
  open: 'bg-amber-100 text-amber-900',
  dismissed: 'bg-slate-100 text-slate-700',
  confirmed: 'bg-red-100 text-red-900',
};

function StatusBadge({ flag }: { flag: RiskFlag }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        STATUS_CLASSES[flag.status],
      )}
    >
      {RISK_STATUS_LABELS[flag.status]}
    </span>
  );
}

/** For an open flag, the two decisions; for a closed one, what was decided. */
function Decision({
  flag,
  onDecide,
  stretch = false,
}: {
  flag: RiskFlag;
  onDecide: RiskRowActions['onDecide'];
  /** On a card the buttons share the width. */
  stretch?: boolean;
}): ReactNode {
  if (flag.resolution) {
    return (
      <div className="space-y-2">
        {stretch ? null : <StatusBadge flag={flag} />}
        <RiskFlagResolution resolution={flag.resolution} />
      </div>
    );
  }
  const who = `${RISK_KIND_LABELS[flag.kind]} de ${flag.seller.name}`;
  // The seller reported it themself (a takeover): the only decision is to release their payouts.
  if (SELF_REPORTED_RISK_KINDS.includes(flag.kind)) {
    return (
      <div className={cn('flex', stretch ? '[&>*]:flex-1' : 'flex-col items-stretch')}>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Liberar pagos: ${who}`}
          onClick={() => onDecide(flag, 'dismiss')}
        >
          Liberar pagos
        </Button>
      </div>
    );
  }
  return (
    <div
      className={cn('flex gap-2', stretch ? 'flex-wrap [&>*]:flex-1' : 'flex-col items-stretch')}
    >
      <Button
        variant="outline"
        size="sm"
        aria-label={`Descartar: ${who}`}
        onClick={() => onDecide(flag, 'dismiss')}
      >
        Descartar
      </Button>
      <Button
        variant="destructive"
        size="sm"
        aria-label={`Confirmar fraude: ${who}`}
        onClick={() => onDecide(flag, 'confirm')}
      >
        Confirmar fraude
      </Button>
    </div>
  );
}
