import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';

/** A friendly "nothing here yet" with what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center sm:p-12">
      <span className="flex size-14 items-center justify-center rounded-full bg-sky-100 text-primary">
        <Icon className="size-7" aria-hidden />
      </span>
      <h2 className="text-lg font-bold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{children}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </Card>
  );
}

/** A page's title and its one-line explanation. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 sm:mb-6">
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">{title}</h1>
      {children ? (
        <p className="mt-1 text-sm text-muted-foreground sm:text-base">{children}</p>
      ) : null}
    </div>
  );
}
