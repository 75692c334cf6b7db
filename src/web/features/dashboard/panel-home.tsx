import { Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Role } from '@shared/accounts/accounts.schema';

/** The seller has a home of its own (features/seller); these are the other panels'. */
type HomeRole = Exclude<Role, 'seller'>;
import { PANEL_TITLES } from '@shared/accounts/messages';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { useDashboard } from './api/get-dashboard';

/** The panel's home: a greeting by name and what the profile already holds. */
export function PanelHome({ role }: { role: HomeRole }) {
  const dashboard = useDashboard(role);
  if (dashboard.isPending) {
    return (
      <div className="flex min-h-[40dvh] items-center justify-center">
        <Spinner />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <p role="alert" className="text-destructive">
        {dashboard.error.message}
      </p>
    );
  }
  const data = dashboard.data;
  return (
    <div>
      <p className="text-sm font-semibold text-primary">{PANEL_TITLES[role]}</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight text-brand-dark sm:text-3xl">
        ¡Hola, {data.greetingName}!
      </h1>
      {role === 'company' && data.company ? (
        <p className="mt-1 text-muted-foreground">{data.company}</p>
      ) : null}

      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {role === 'company' ? (
          <Fact
            icon={<Truck />}
            label="Provincias de envío"
            value={String(data.shippingProvinces.length)}
            detail={data.shippingProvinces.join(', ')}
          />
        ) : null}
      </div>

      <Card className="mt-6 p-5 text-sm text-muted-foreground">
        {role === 'admin' ? (
          <>
            Las métricas de ingresos, pedidos y usuarios se mostrarán aquí cuando estén disponibles.
            Mientras tanto puedes leer los{' '}
            <Link to="/admin/support" className="font-semibold text-primary hover:underline">
              mensajes de soporte
            </Link>
            .
          </>
        ) : (
          'Tus ingresos, pedidos pendientes y completados y los últimos pedidos se mostrarán aquí cuando la gestión de pedidos esté disponible.'
        )}
      </Card>
    </div>
  );
}

function Fact({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  detail?: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center gap-3">
        <span
          className="flex size-10 items-center justify-center rounded-lg bg-sky-100 text-primary [&_svg]:size-5"
          aria-hidden
        >
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-xl font-bold">{value}</p>
        </div>
      </div>
      {detail ? <p className="mt-3 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** One page per panel, for the section table. */
export const CompanyHome = () => <PanelHome role="company" />;
export const AdminHome = () => <PanelHome role="admin" />;
