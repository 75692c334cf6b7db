import type { ReactNode } from 'react';

/** A panel page's title and its short explanation. */
export function PageHeading({
  title,
  children,
  className = 'mb-5',
}: {
  title: string;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">{title}</h1>
      {children ? <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{children}</p> : null}
    </div>
  );
}
