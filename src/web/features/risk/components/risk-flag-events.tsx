import { useState } from 'react';
import { Link } from 'react-router';
import type { RiskFlag } from '@shared/risk/risk.schema';
import { paths } from '@web/config/paths';
import { formatDateTime } from '@web/lib/format-time';

/** Events shown before «Ver todos»: enough to judge most flags at a glance. */
const FIRST_EVENTS = 3;

/** The flag's events, newest first: when, which order (a link to it in Pedidos) and what was seen. */
export function RiskFlagEvents({ flag }: { flag: RiskFlag }) {
  const [open, setOpen] = useState(false);
  const { events } = flag;
  const shown = open ? events : events.slice(0, FIRST_EVENTS);
  const listId = `risk-flag-${flag.id}-events`;
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">Sin eventos para mostrar.</p>;
  }
  return (
    <div>
      <ul id={listId} className="space-y-2" aria-label={`Eventos de la alerta ${flag.id}`}>
        {shown.map((event, index) => (
          <li key={`${event.at}-${index}`} className="text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
              <time dateTime={event.at} className="tabular-nums">
                {formatDateTime(event.at)}
              </time>
              {event.order_reference ? (
                <Link
                  to={`${paths.admin}/orders?q=${encodeURIComponent(event.order_reference)}`}
                  title="Ver el pedido en Pedidos"
                  className="font-medium whitespace-nowrap text-primary hover:underline"
                >
                  Pedido {event.order_reference}
                </Link>
              ) : null}
            </p>
            <p className="break-words">{event.detail}</p>
          </li>
        ))}
      </ul>
      {flag.count > events.length && open ? (
        <p className="mt-2 text-xs text-muted-foreground">
          Se muestran los {events.length} más recientes de {flag.count}.
        </p>
      ) : null}
      {events.length > FIRST_EVENTS ? (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="mt-2 text-sm font-semibold text-primary hover:underline"
        >
          {open ? 'Ver menos' : `Ver los ${events.length} eventos`}
        </button>
      ) : null}
    </div>
  );
}
