import {
  ArrowRight,
  BarChart3,
  Building2,
  Link2,
  ShieldCheck,
  Trophy,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '@shared/brand';
import { formatArs } from '@shared/money';
import { buyerPriceCents, orderAmounts } from '@shared/commission';
import { LANDING_LABELS } from '@shared/messages';
import { PageMeta } from '@web/components/page-meta';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';

interface Feature {
  title: string;
  description: string;
  Icon: LucideIcon;
}

/** spec 01 §1: the six features the landing page presents. */
const FEATURES: Feature[] = [
  {
    title: 'Panel de Empresa',
    description:
      'Publica tus productos con precio base y comisión, configura cómo cobras y sigue cada pedido.',
    Icon: Building2,
  },
  {
    title: 'Panel Administrativo',
    description:
      'Supervisión completa de pedidos, usuarios, productos e ingresos de la plataforma.',
    Icon: ShieldCheck,
  },
  {
    title: 'Panel de Vendedor',
    description:
      'Catálogo de las empresas que envían a tu provincia, tus ventas y tus comisiones en un solo lugar.',
    Icon: UserRound,
  },
  {
    title: 'Sistema de Puntos',
    description: 'Cada venta aprobada suma puntos. Fíjate metas y mide tu progreso.',
    Icon: BarChart3,
  },
  {
    title: 'Links de Pago',
    description:
      'Un link personal por producto para compartir por WhatsApp o redes; el cliente paga con tarjeta, Mercado Pago o transferencia.',
    Icon: Link2,
  },
  {
    title: 'Ranking',
    description: 'Compite con otros vendedores y escala posiciones con cada venta.',
    Icon: Trophy,
  },
];

// A worked example of the commission model, computed with the same code the orders use.
const EXAMPLE_BASE_CENTS = 100_000_00;
const EXAMPLE_BPS = 1_000;
const example = orderAmounts(EXAMPLE_BASE_CENTS, EXAMPLE_BPS);

export function LandingPage() {
  return (
    <>
      <PageMeta title={`${BRAND.name} | ${BRAND.tagline}`} description={BRAND.description} />
      <section className="relative overflow-hidden bg-gradient-to-br from-brand-dark via-sky-800 to-sky-600 text-white">
        <div
          aria-hidden
          className="absolute -top-24 -right-24 size-96 rounded-full bg-accent/20 blur-3xl"
        />
        <div className="relative mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-[1.2fr_1fr] md:py-24">
          <div className="space-y-6 animate-fade-up">
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-sky-100 ring-1 ring-white/20">
              Hecho para empresas argentinas
            </p>
            <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">
              Multiplica tus ventas con una red de vendedores en todo el país
            </h1>
            <p className="max-w-xl text-lg text-sky-100">
              Las empresas publican sus productos, los vendedores los comparten con un link de pago
              personal y cada venta reparte la comisión de forma clara y automática.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <Link to={paths.register}>
                  {LANDING_LABELS.start}
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild variant="outline-inverted" size="lg">
                <Link to={paths.login}>{LANDING_LABELS.haveAccount}</Link>
              </Button>
            </div>
          </div>
          <Card className="self-center border-white/20 bg-white/95 p-6 text-foreground shadow-2xl">
            <p className="text-sm font-semibold text-muted-foreground">Así se reparte una venta</p>
            <dl className="mt-4 space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt>Precio base de la empresa</dt>
                <dd className="font-semibold tabular-nums">{formatArs(example.companyCents)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt>Comisión total (10 %)</dt>
                <dd className="font-semibold tabular-nums">
                  {formatArs(example.sellerCents + example.platformCents)}
                </dd>
              </div>
              <div className="flex justify-between gap-4 pl-4 text-muted-foreground">
                <dt>75 % para el vendedor</dt>
                <dd className="tabular-nums">{formatArs(example.sellerCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 pl-4 text-muted-foreground">
                <dt>25 % para la plataforma</dt>
                <dd className="tabular-nums">{formatArs(example.platformCents)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-border pt-3 text-base">
                <dt className="font-semibold">Paga el cliente</dt>
                <dd className="font-bold text-primary tabular-nums">
                  {formatArs(buyerPriceCents(EXAMPLE_BASE_CENTS, EXAMPLE_BPS))}
                </dd>
              </div>
            </dl>
          </Card>
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-brand-dark">
            Todo lo que tu red de ventas necesita
          </h2>
          <p className="mt-3 text-muted-foreground">
            Un panel para cada rol y herramientas pensadas para vender más, sin planillas.
          </p>
        </div>
        <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ title, description, Icon }) => (
            <li key={title}>
              <Card className="h-full p-6 transition-shadow hover:shadow-md">
                <span className="flex size-11 items-center justify-center rounded-lg bg-sky-100 text-primary">
                  <Icon className="size-6" aria-hidden />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-dark">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="rounded-2xl bg-gradient-to-r from-sky-700 to-brand-dark px-6 py-12 text-center text-white sm:px-12">
            <h2 className="text-3xl font-bold tracking-tight">¿Listo para empezar?</h2>
            <p className="mx-auto mt-3 max-w-xl text-sky-100">
              Registra tu empresa para sumar vendedores en todo el país, o súmate como vendedor y
              empieza a ganar comisiones hoy. Es gratis.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild variant="accent" size="lg">
                <Link to={paths.register}>{LANDING_LABELS.registerCompany}</Link>
              </Button>
              <Button asChild variant="inverted" size="lg">
                <Link to={paths.register}>{LANDING_LABELS.becomeSeller}</Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
