import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';

interface ListQuery<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * A list's loading spinner, its error (role=alert) and its empty state; the
 * children render only when there is something to show.
 */
export function ListState<T>({
  query,
  loadingLabel,
  isEmpty,
  empty,
  onFirstPage,
  children,
}: {
  query: ListQuery<T>;
  loadingLabel: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** Offered when a page past the last one was asked for (an old bookmark). */
  onFirstPage?: () => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  if (query.isError || query.data === undefined) {
    return (
      <p role="alert" className="mt-6 text-destructive">
        {query.error?.message}
      </p>
    );
  }
  const data = query.data as T & { items?: unknown[]; total?: number };
  if (onFirstPage && data.items?.length === 0 && (data.total ?? 0) > 0) {
    return (
      <Card className="mt-6 flex flex-col items-center p-10 text-center">
        <p className="font-semibold">Esta página ya no tiene resultados.</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={onFirstPage}>
          Ir a la primera página
        </Button>
      </Card>
    );
  }
  return <>{isEmpty(query.data) ? empty : children(query.data)}</>;
}

/** "Nothing here" with what to try next. */
export function EmptyList({
  icon: Icon,
  title,
  children,
  onClear,
  clearLabel = 'Quitar filtros',
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  /** Offered when filters are what hides the rows. */
  onClear?: () => void;
  clearLabel?: string;
}) {
  return (
    <Card className="mt-6 flex flex-col items-center p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p>
      {onClear ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : null}
    </Card>
  );
}

/** Previous and next page, with where we are. */
export function Pagination({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="mt-5 flex items-center justify-center gap-3" aria-label="Páginas">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm">
        Página {page} de {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </nav>
  );
}
