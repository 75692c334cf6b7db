import type { ReactNode } from 'react';

/** A Seguridad card's title, an optional badge beside it, and what it is for. */
export function SecurityCardHeader({
  id,
  title,
  badge,
  children,
}: {
  id: string;
  title: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <h2 id={id} className="flex flex-wrap items-center gap-2 text-lg font-bold text-brand-dark">
        {title}
        {badge}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
