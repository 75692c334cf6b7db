import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { BrandMark } from '@web/components/brand-logo';
import { PageMeta } from '@web/components/page-meta';
import { Card } from '@web/components/ui/card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  back: { to: string; label: string };
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/** The frame of every account screen: back link, brand, a titled card. */
export function AuthCard({ title, description, back, children, footer, wide }: AuthCardProps) {
  return (
    <>
      <PageMeta title={`${title} | ${BRAND.name}`} />
      <div className="min-h-dvh bg-gradient-to-b from-sky-50 via-background to-background">
        <main
          id="contenido"
          className={`mx-auto flex min-h-dvh flex-col px-4 py-6 sm:py-10 ${wide ? 'max-w-xl' : 'max-w-md'}`}
        >
          <Link
            to={back.to}
            className="inline-flex w-fit items-center gap-2 rounded-md text-sm font-medium text-primary hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden />
            {back.label}
          </Link>
          <div className="mt-6 flex flex-col items-center text-center sm:mt-8">
            <BrandMark className="size-12" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
              {title}
            </h1>
            {description ? (
              <p className="mt-2 max-w-sm text-sm text-muted-foreground">{description}</p>
            ) : null}
          </div>
          <Card className="mt-6 p-5 sm:p-8">{children}</Card>
          {footer ? (
            <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
          ) : null}
        </main>
      </div>
    </>
  );
}
