import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

export function Spinner({
  className,
  label = 'Cargando…',
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <LoaderCircle aria-hidden className={cn('size-8 animate-spin text-primary', className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Spinner />
    </div>
  );
}
