import { Construction } from 'lucide-react';
import { useLocation } from 'react-router';
import { Card } from '@web/components/ui/card';
import { PANEL_SECTIONS } from './panel-sections';

/** A panel section whose content is not built yet; it says so instead of showing made-up data. */
export function SectionPlaceholder() {
  const { pathname } = useLocation();
  const [, role = '', path = ''] = pathname.split('/');
  const section = PANEL_SECTIONS[role as keyof typeof PANEL_SECTIONS]?.find((s) => s.path === path);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
        {section?.label ?? 'Sección'}
      </h1>
      <Card className="mt-6 flex flex-col items-center gap-3 p-8 text-center sm:p-12">
        <Construction className="size-10 text-amber-500" aria-hidden />
        <p className="font-semibold">Esta sección todavía no está disponible.</p>
        <p className="max-w-md text-sm text-muted-foreground">
          Estamos construyendo {section?.label ? `«${section.label}»` : 'esta sección'}. Cuando esté
          lista, la vas a encontrar aquí mismo.
        </p>
      </Card>
    </div>
  );
}
