import type { LucideIcon } from 'lucide-react';
import type { Key, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { PageSpinner } from './ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './ui/table';

/** What a list needs of a TanStack query: its data, where it is, and how to ask again. */
export interface ListQuery<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch?: () => unknown;
}

/** A page of rows as the API answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page_size: number;
}

/** The page kept in the address (useListParams): where we are, and how to move. */
export interface ListPaging {
  page: number;
  set: (next: { page?: string }) => void;
}

/** One column of the desktop table: its header and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** Classes of the column's cells (widths, alignment, wrapping). */
  className?: string;
  /** Classes of its header; by default the cells' alignment. */
  headerClassName?: string;
}

/**
 * From which width the table shows instead of the cards. Written out whole so
 * Tailwind sees the class names. The cards' column is `minmax(0, 1fr)`: a
 * card with a truncated title keeps to the screen instead of widening it.
 */
const BREAKPOINTS = {
  md: { table: 'hidden md:block', cards: 'grid grid-cols-1 gap-3 md:hidden' },
  xl: { table: 'hidden xl:block', cards: 'grid grid-cols-1 gap-3 md:grid-cols-2 xl:hidden' },
} as const;

/** Grey rows where the list will be, with the same words a screen reader hears. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" className="mt-4 space-y-3" data-testid="list-skeleton">
      <span className="sr-only">{label}</span>
      <div className="h-4 w-28 animate-pulse rounded bg-muted" aria-hidden />
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden
          className="flex animate-pulse items-center gap-4 rounded-xl border border-border bg-card p-4"
        >
          <div className="h-10 w-10 shrink-0 rounded-lg bg-muted" />
          <div className="min-w-0 flex-1 space-y-2">
            <div className="h-3.5 w-2/5 rounded bg-muted" />
            <div className="h-3 w-3/5 rounded bg-muted/70" />
          </div>
          <div className="h-3.5 w-16 shrink-0 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** Why the list could not load (role=alert) and a way to ask again. */
export function ListError({ error, onRetry }: { error: Error | null; onRetry?: () => unknown }) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      <p role="alert" className="text-destructive">
        {error?.message ?? 'No se pudo cargar la lista.'}
      </p>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={() => void onRetry()}>
          Reintentar
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A list's loading skeleton, its error with a retry and its empty state; the
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
  /** Without it the data is never «nothing here» (one record, a statement). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Offered when a page past the last one was asked for (an old bookmark). */
  onFirstPage?: () => void;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} />;
  if (query.isError || query.data === undefined) {
    return <ListError error={query.error} onRetry={query.refetch} />;
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
  return <>{isEmpty?.(query.data) ? empty : children(query.data)}</>;
}

/** A whole page's data while it loads (a spinner) or after it failed (why, and a retry). */
export function QueryFallback({
  query,
  loading = <PageSpinner />,
}: {
  query: ListQuery<unknown>;
  loading?: ReactNode;
}) {
  if (query.isPending) return <>{loading}</>;
  return <ListError error={query.error} onRetry={query.refetch} />;
}

/** "Nothing here" with what to try next. */
export function EmptyList({
  icon: Icon,
  title,
  children,
  onClear,
  clearLabel = 'Quitar filtros',
  action,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Offered when filters are what hides the rows. */
  onClear?: () => void;
  clearLabel?: string;
  /** What to do instead (create the first one). */
  action?: ReactNode;
}) {
  return (
    <Card className="mt-6 flex flex-col items-center p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold">{title}</h2>
      {children ? <p className="mt-1 max-w-sm text-sm text-muted-foreground">{children}</p> : null}
      {onClear ? (
        <Button variant="outline" size="sm" className="mt-4" onClick={onClear}>
          {clearLabel}
        </Button>
      ) : null}
      {action}
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

/** The rows as a table: one header per column, one row per item. */
export function DataTable<T>({
  items,
  columns,
  rowKey,
  caption,
  className,
}: {
  items: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (item: T) => Key;
  caption?: string;
  className?: string;
}) {
  return (
    <Table className={className}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableHeader
              key={index}
              className={column.headerClassName ?? alignOf(column.className)}
            >
              {column.header}
            </TableHeader>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((item) => (
          <TableRow key={rowKey(item)}>
            {columns.map((column, index) => (
              <TableCell key={index} className={column.className}>
                {column.cell(item)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function alignOf(className: string | undefined): string | undefined {
  return className?.split(' ').find((name) => name === 'text-right' || name === 'w-px');
}

/** How a list lays out its rows: the table's columns and the phone's card. */
export interface RowsLayout<T> {
  columns: readonly Column<T>[];
  /** The phone layout of one row; without it the table shows at every width. */
  card?: (item: T) => ReactNode;
  /** From which width the table replaces the cards. */
  breakpoint?: keyof typeof BREAKPOINTS;
  caption?: string;
}

/** The rows as a table from `breakpoint` up and as cards below it (phones, tablets). */
export function RowsView<T>({
  items,
  columns,
  rowKey,
  card,
  breakpoint = 'xl',
  caption,
}: RowsLayout<T> & { items: readonly T[]; rowKey: (item: T) => Key }) {
  const layout = BREAKPOINTS[breakpoint];
  return (
    <>
      <div className={cn('mt-2', card && layout.table)}>
        <DataTable items={items} columns={columns} rowKey={rowKey} caption={caption} />
      </div>
      {card ? (
        <ul className={cn('mt-2', layout.cards)}>
          {items.map((item) => (
            <li key={rowKey(item)}>{card(item)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * A whole list: loading, error, empty, how many there are, the table (or the
 * cards on a phone) and the pages, with the page kept in the address.
 */
export function DataList<T>({
  query,
  loadingLabel,
  empty,
  count,
  paging,
  ...rows
}: {
  query: ListQuery<ListPage<T>>;
  loadingLabel: string;
  empty: ReactNode;
  /** «12 pedidos»: said above the rows (and to screen readers when it changes). */
  count?: (total: number) => string;
  paging?: ListPaging;
} & RowsLayout<T> & { rowKey: (item: T) => Key }) {
  return (
    <ListState
      query={query}
      loadingLabel={loadingLabel}
      isEmpty={(data) => data.items.length === 0}
      onFirstPage={paging ? () => paging.set({ page: '' }) : undefined}
      empty={empty}
    >
      {(data) => (
        <>
          {count ? (
            <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
              {count(data.total)}
            </p>
          ) : null}
          <RowsView items={data.items} {...rows} />
          {paging ? (
            <Pagination
              page={paging.page}
              total={data.total}
              pageSize={data.page_size}
              onPage={(page) => paging.set({ page: String(page) })}
            />
          ) : null}
        </>
      )}
    </ListState>
  );
}
