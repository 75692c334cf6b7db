import { Download, FileText } from 'lucide-react';
import { BRAND } from '@shared/brand';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';

/** spec 01 §2 /terms: the page links to the PDF at /terminos.pdf. */
export function TermsPage() {
  return (
    <>
      <PageMeta
        title={`Términos y Condiciones | ${BRAND.name}`}
        description={`Términos y condiciones de uso de ${BRAND.name}.`}
      />
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-brand-dark">
          Términos y Condiciones
        </h1>
        <p className="mt-3 text-muted-foreground">
          Estas condiciones regulan el uso de {BRAND.name} por empresas, vendedores y compradores.
        </p>
        <Card className="mt-8 flex flex-col gap-5 p-6 sm:flex-row sm:items-center">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-sky-100 text-primary">
            <FileText className="size-7" aria-hidden />
          </span>
          <div className="flex-1 space-y-1">
            <h2 className="font-semibold">Términos y Condiciones de {BRAND.name} (PDF)</h2>
            <p className="text-sm text-muted-foreground">
              Roles, modelo de comisiones, pagos y tratamiento de datos personales según la Ley
              25.326.
            </p>
          </div>
          <Button asChild>
            <a href={paths.termsPdf} target="_blank" rel="noopener">
              <Download aria-hidden />
              Ver documento
            </a>
          </Button>
        </Card>
        <section className="mt-10 space-y-4 text-sm leading-relaxed text-muted-foreground">
          <h2 className="text-lg font-semibold text-foreground">Resumen</h2>
          <ul className="list-disc space-y-2 pl-5">
            <li>Registrarse como vendedor es gratuito.</li>
            <li>
              Cada producto lleva una comisión total mínima del 3 % sobre el precio base: el 75 % es
              para el vendedor y el 25 % para la plataforma.
            </li>
            <li>
              Los pagos se acreditan a la empresa por los medios que ella configura: tarjeta,
              Mercado Pago o transferencia bancaria.
            </li>
            <li>
              Tus datos personales se tratan según la Ley 25.326 de Protección de los Datos
              Personales; puedes pedir acceso, rectificación o supresión escribiendo a{' '}
              <a className="text-primary underline" href={`mailto:${BRAND.supportEmail}`}>
                {BRAND.supportEmail}
              </a>
              .
            </li>
          </ul>
        </section>
      </div>
    </>
  );
}
