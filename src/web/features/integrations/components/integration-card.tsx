import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';

/**
 * An Integraciones card: its title, what it is for, the button that adds one,
 * and its list as the query answers it (loading, the error, the empty text, or
 * the rows); `children` are its dialogs.
 */
export function IntegrationCard<T>({
  id,
  title,
  intro,
  addLabel,
  onAdd,
  list,
  empty,
  row,
  children,
}: {
  /** The title's id, which names the card (`aria-labelledby`). */
  id: string;
  title: string;
  intro: string;
  addLabel: string;
  onAdd: () => void;
  list: { isPending: boolean; isError: boolean; error: Error | null; data: T[] | undefined };
  empty: string;
  row: (item: T) => ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 sm:flex-1">
          <h2 id={id} className="text-lg font-bold text-brand-dark">
            {title}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{intro}</p>
        </div>
        <Button className="self-start" onClick={onAdd}>
          <Plus aria-hidden />
          {addLabel}
        </Button>
      </div>
      {list.isPending ? (
        <Spinner className="mt-4" />
      ) : list.isError || !list.data ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {list.error?.message}
        </p>
      ) : list.data.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-border rounded-lg border border-border">
          {list.data.map(row)}
        </ul>
      )}
      {children}
    </Card>
  );
}
