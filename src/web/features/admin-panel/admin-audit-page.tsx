import { ArrowRight, ScrollText, X } from 'lucide-react';
import type { ReactNode } from 'react';
import type { AuditEntry } from '@shared/admin/admin.schema';
import { AUDIT_ACTIONS, AUDIT_TARGET_LABELS, auditActionLabel } from '@shared/admin/audit-actions';
import { auditChanges, type AuditChange } from '@shared/admin/audit-fields';
import { countOf } from '@shared/plural';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { DataList, EmptyList } from '@web/components/data-list';
import { SearchBox } from '@web/components/search-box';
import { Card } from '@web/components/ui/card';
import { fieldClasses } from '@web/components/ui/input';
import { PageHeading } from '@web/components/page-heading';
import { cn } from '@web/lib/cn';
import { useAdminAudit } from './api/get-admin-audit';
import { formatDateTime } from '@web/lib/format-time';
import { useListParams } from '@web/lib/use-list-params';

const FILTERS = ['action', 'order', 'target_id', 'actor_id'] as const;

/** Admin Auditoría: who changed what, the value before and after, and when (newest first). */
export function AdminAuditPage() {
  const params = useListParams(FILTERS);
  const { action, order, target_id: targetId, actor_id: actorId } = params.values;
  const audit = useAdminAudit({
    action,
    order,
    target_id: targetId,
    actor_id: actorId,
    page: params.page,
  });
  const actorName = actorId
    ? audit.data?.items.find((entry) => entry.actor_id === actorId)?.actor_name
    : undefined;
  const target = targetId
    ? audit.data?.items.find((entry) => entry.target_id === targetId)
    : undefined;
  const filterBy = {
    actor: (entry: AuditEntry) => params.set({ actor_id: entry.actor_id }),
    // An order is searched by its reference, which reads well in the address and the box.
    target: (entry: AuditEntry) =>
      entry.target_type === 'order'
        ? params.set({ order: entry.target_label ?? entry.target_id, target_id: '' })
        : params.set({ target_id: entry.target_id, order: '' }),
  };

  return (
    <div>
      <PageHeading title="Auditoría">
        Quién cambió qué, con el valor anterior y el nuevo. Lo más reciente primero.
      </PageHeading>
      <div className="grid gap-2 sm:grid-cols-[18rem_1fr]">
        <select
          aria-label="Filtrar por acción"
          value={action}
          onChange={(event) => params.set({ action: event.target.value })}
          className={cn(fieldClasses, 'h-11')}
        >
          <option value="">Todas las acciones</option>
          {action && !(AUDIT_ACTIONS as readonly string[]).includes(action) ? (
            <option value={action}>{action}</option>
          ) : null}
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {auditActionLabel(value)}
            </option>
          ))}
        </select>
        <SearchBox
          value={order}
          onCommit={(value) => params.set({ order: value })}
          label="Buscar por pedido"
          placeholder="Referencia del pedido (VM-…)"
        />
      </div>
      {actorId || targetId ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {actorId ? (
            <FilterChip
              onClear={() => params.set({ actor_id: '' })}
              clearLabel="Ver los cambios de todos los usuarios"
            >
              Cambios de {actorName ?? 'un usuario'}
            </FilterChip>
          ) : null}
          {targetId ? (
            <FilterChip
              onClear={() => params.set({ target_id: '' })}
              clearLabel="Ver los cambios de todo"
            >
              Solo {target ? targetName(target) : 'un elemento'}
            </FilterChip>
          ) : null}
        </div>
      ) : null}

      <DataList
        query={audit}
        loadingLabel="Cargando la auditoría…"
        paging={params}
        count={(total) => countOf(total, 'cambio', 'cambios')}
        rowKey={(entry) => entry.id}
        columns={[
          {
            header: 'Fecha',
            cell: (entry) => (
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
            ),
            className: 'whitespace-nowrap tabular-nums',
          },
          {
            header: 'Quién',
            cell: (entry) => <ActorButton entry={entry} onFilter={filterBy.actor} />,
            className: 'whitespace-nowrap',
          },
          { header: 'Acción', cell: (entry) => auditActionLabel(entry.action) },
          {
            header: 'Sobre',
            cell: (entry) => <TargetButton entry={entry} onFilter={filterBy.target} />,
            className: 'max-w-64 min-w-40',
          },
          {
            header: 'Antes → después',
            cell: (entry) => <Changes entry={entry} />,
            className: 'min-w-72',
          },
        ]}
        card={(entry) => (
          <Card className="h-full p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-semibold">{auditActionLabel(entry.action)}</p>
              <time
                dateTime={entry.created_at}
                className="text-xs text-muted-foreground tabular-nums"
              >
                {formatDateTime(entry.created_at)}
              </time>
            </div>
            <p className="mt-1 text-sm">
              <span className="text-muted-foreground">Por </span>
              <ActorButton entry={entry} onFilter={filterBy.actor} />
            </p>
            <p className="text-sm">
              <TargetButton entry={entry} onFilter={filterBy.target} />
            </p>
            <div className="mt-2">
              <Changes entry={entry} />
            </div>
          </Card>
        )}
        empty={
          params.filtered ? (
            <EmptyList
              icon={ScrollText}
              title="No hay cambios que coincidan"
              onClear={params.clear}
            >
              Prueba con otra acción u otra referencia de pedido (por ejemplo VM-3K9T…).
            </EmptyList>
          ) : (
            <EmptyList icon={ScrollText} title="Todavía no hay cambios registrados">
              Aquí verás cada cambio de estado que haga la administración y cada transferencia que
              confirme una empresa.
            </EmptyList>
          )
        }
      />
    </div>
  );
}

function ActorButton({
  entry,
  onFilter,
}: {
  entry: AuditEntry;
  onFilter: (entry: AuditEntry) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onFilter(entry)}
      title="Ver solo los cambios de esta persona"
      className="text-left font-semibold text-foreground underline-offset-2 hover:text-primary hover:underline"
    >
      {entry.actor_name || entry.actor_id}
    </button>
  );
}

function FilterChip({
  children,
  onClear,
  clearLabel,
}: {
  children: ReactNode;
  onClear: () => void;
  clearLabel: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full border border-border bg-card py-1 pr-1 pl-3 text-sm">
      {children}
      <button
        type="button"
        onClick={onClear}
        aria-label={clearLabel}
        className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </span>
  );
}

/** «Pedido VM-3K9T…», «Empresa Yerba Mate del Litoral», «Lote de pagos 4». */
function targetName(entry: AuditEntry): string {
  const kind = AUDIT_TARGET_LABELS[entry.target_type] ?? entry.target_type;
  return `${kind} ${entry.target_label ?? entry.target_id}`;
}

function TargetButton({
  entry,
  onFilter,
}: {
  entry: AuditEntry;
  onFilter: (entry: AuditEntry) => void;
}) {
  const kind = AUDIT_TARGET_LABELS[entry.target_type] ?? entry.target_type;
  const name = entry.target_label ?? entry.target_id;
  return (
    <button
      type="button"
      onClick={() => onFilter(entry)}
      title={`Ver solo los cambios de este ${kind.toLowerCase()}: ${name}${entry.target_detail ? ` (${entry.target_detail})` : ''}`}
      className="max-w-full text-left underline-offset-2 hover:text-primary hover:underline"
    >
      <span className="text-muted-foreground">{kind} </span>
      <span className="font-medium whitespace-nowrap">{name}</span>
      {entry.target_detail ? (
        <span className="block text-xs text-muted-foreground">{entry.target_detail}</span>
      ) : null}
    </button>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after, entry.target_type);
  if (changes.length === 0) return <span className="text-muted-foreground">Sin cambios</span>;
  return (
    <ul className="space-y-1">
      {changes.map((change) => (
        <li key={change.field} className="flex flex-wrap items-center gap-1.5 text-sm">
          <span className="text-muted-foreground">{change.label}:</span>
          {change.before === null && change.after !== null ? (
            <Value change={change} side="after" />
          ) : (
            // Before and after stay on one line, after the label.
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <Value change={change} side="before" />
              <ArrowRight className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">pasó a</span>
              <Value change={change} side="after" />
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Value({ change, side }: { change: AuditChange; side: 'before' | 'after' }) {
  const value = change[side];
  const text = side === 'before' ? change.beforeText : change.afterText;
  if (value === null || text === null) return <span className="text-muted-foreground">—</span>;
  if (change.orderStatus) return <OrderStatusBadge status={value} />;
  return <span className="font-medium tabular-nums">{text}</span>;
}
