import { AlertTriangle } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { paths } from '@web/config/paths';

/** Shown when a page fails to render or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  return (
    <div
      role="alert"
      className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <AlertTriangle className="size-10 text-amber-500" aria-hidden />
      <h1 className="text-2xl font-bold">Algo salió mal</h1>
      <p className="max-w-md text-muted-foreground">
        No pudimos mostrar esta página. Recárgala o vuelve al inicio.
      </p>
      <div className="flex gap-3">
        <Button onClick={() => window.location.reload()}>Recargar</Button>
        <Button asChild variant="outline">
          <a href={paths.home}>Ir al inicio</a>
        </Button>
      </div>
    </div>
  );
}
