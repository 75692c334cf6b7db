import { ArrowLeft, Clock, Mail, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { PageMeta } from '@web/components/page-meta';
import { BrandMark } from '@web/components/brand-logo';
import { EmailText } from '@web/components/email-text';
import { Card } from '@web/components/ui/card';
import { webEnv } from '@web/config/env';
import { paths } from '@web/config/paths';
import { SupportForm } from './support-form';

const { email: supportEmail, whatsapp_number: whatsappNumber } = webEnv.support;
const whatsappUrl = whatsappNumber
  ? `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(
      `Hola, necesito ayuda con ${BRAND.name}.`,
    )}`
  : undefined;

/** spec 01 §2 /support: back link, brand, e-mail and WhatsApp cards, and the contact form. */
export function SupportPage() {
  return (
    <>
      <PageMeta
        title={`Centro de Soporte | ${BRAND.name}`}
        description={`¿Necesitas ayuda con ${BRAND.name}? Escríbenos por correo, WhatsApp o el formulario de contacto.`}
      />
      <main className="min-h-dvh bg-gradient-to-b from-sky-50 to-background">
        <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            Volver al inicio
          </Link>
          <header className="mt-8 flex flex-col items-center text-center">
            <BrandMark className="size-14" />
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-brand-dark">
              Centro de Soporte
            </h1>
            <p className="mt-2 max-w-lg text-muted-foreground">
              ¿Tienes dudas sobre tu cuenta, tus ventas o tus pagos? Estamos para ayudarte.
            </p>
          </header>

          <div className="mt-10 grid gap-6 lg:grid-cols-[1fr_1.4fr]">
            <div className="grid content-start gap-4">
              <Card className="p-6">
                <span className="flex size-11 items-center justify-center rounded-lg bg-sky-100 text-primary">
                  <Mail className="size-6" aria-hidden />
                </span>
                <h2 className="mt-4 font-semibold">Correo electrónico</h2>
                <a
                  href={`mailto:${supportEmail}`}
                  className="mt-1 block font-medium text-primary hover:underline"
                >
                  <EmailText email={supportEmail} />
                </a>
                <p className="mt-2 flex items-center gap-1.5 text-sm text-muted-foreground">
                  <Clock className="size-4" aria-hidden />
                  Respondemos en menos de 24 horas.
                </p>
              </Card>
              {whatsappUrl ? (
                <Card className="p-6">
                  <span className="flex size-11 items-center justify-center rounded-lg bg-emerald-100 text-emerald-700">
                    <MessageCircle className="size-6" aria-hidden />
                  </span>
                  <h2 className="mt-4 font-semibold">WhatsApp</h2>
                  <a
                    href={whatsappUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 block font-medium text-emerald-800 hover:underline"
                  >
                    {webEnv.support.whatsapp_display}
                  </a>
                  <p className="mt-2 text-sm text-muted-foreground">
                    Lunes a viernes de 9 a 18 h (hora de Argentina).
                  </p>
                </Card>
              ) : null}
            </div>
            <Card className="p-6 sm:p-8">
              <h2 className="text-xl font-semibold">Envíanos un mensaje</h2>
              <p className="mt-1 mb-6 text-sm text-muted-foreground">
                Completa el formulario y te respondemos por correo.
              </p>
              <SupportForm />
            </Card>
          </div>
        </div>
      </main>
    </>
  );
}
