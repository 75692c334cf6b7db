import { Construction } from 'lucide-react';
import { Card } from '@web/components/ui/card';

/** A panel section whose content is not built yet; it says so instead of showing made-up data. */
export function SectionPlaceholder({ title }: { title: string }) {
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">{title}</h1>
      <Card className="mt-6 flex flex-col items-center gap-3 p-8 text-center sm:p-12">
        <Construction className="size-10 text-amber-500" aria-hidden />
        <p className="font-semibold">Esta sección todavía no está disponible.</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Estamos construyendo «{title}». Cuando esté lista, la vas a encontrar aquí mismo.
        </p>
      </Card>
    </div>
  );
}
