import { Ban, Building2, FileText, ShieldAlert, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminUser } from '@shared/admin/admin.schema';
import { countOf } from '@shared/plural';
import { RISK_MESSAGES } from '@shared/risk/risk.schema';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { DataList, EmptyList, type Column, type RowsLayout } from '@web/components/data-list';
import { SearchBox } from '@web/components/search-box';
import { PageHeading } from '@web/components/page-heading';
import { cn } from '@web/lib/cn';
import { useAdminUsers, type AdminUserRole } from './api/get-admin-users';
import { formatDate } from '@web/lib/format-time';
import { useListParams } from '@web/lib/use-list-params';

const FILTERS = ['role', 'q'] as const;

const TABS: { role: AdminUserRole; label: string; one: string; many: string }[] = [
  { role: 'company', label: 'Empresas', one: 'empresa', many: 'empresas' },
  { role: 'seller', label: 'Vendedores', one: 'vendedor', many: 'vendedores' },
];

/** spec 02 §2 admin /users: two lists, companies and sellers, with a search. */
export function AdminUsersPage() {
  const params = useListParams(FILTERS);
  const role: AdminUserRole = params.values.role === 'seller' ? 'seller' : 'company';
  const tab = TABS.find((entry) => entry.role === role)!;
  const { q } = params.values;
  const users = useAdminUsers({ role, q, page: params.page });

  return (
    <div>
      <PageHeading title="Usuarios">
        Las empresas y los vendedores registrados en VendeMás.
      </PageHeading>
      <div
        role="tablist"
        aria-label="Tipo de usuario"
        className="inline-flex rounded-lg border border-border bg-muted/60 p-1"
      >
        {TABS.map((entry) => (
          <button
            key={entry.role}
            type="button"
            role="tab"
            id={`users-tab-${entry.role}`}
            aria-selected={entry.role === role}
            aria-controls="users-panel"
            onClick={() =>
              // Each list starts whole: a search for a company rarely makes sense for sellers.
              params.set({ role: entry.role === 'company' ? '' : entry.role, q: '' })
            }
            className={cn(
              'rounded-md px-4 py-1.5 text-sm font-semibold',
              entry.role === role
                ? 'bg-card text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {entry.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id="users-panel" aria-labelledby={`users-tab-${role}`} className="mt-4">
        <SearchBox
          value={q}
          onCommit={(value) => params.set({ q: value })}
          label={`Buscar ${tab.many}`}
          placeholder={role === 'company' ? 'Empresa, nombre o e-mail' : 'Nombre, e-mail o empresa'}
          className="max-w-md"
        />
        <DataList
          query={users}
          loadingLabel={`Cargando ${tab.many}…`}
          paging={params}
          count={(total) => countOf(total, tab.one, tab.many)}
          rowKey={(user) => user.id}
          {...(role === 'company' ? COMPANIES : SELLERS)}
          empty={
            q ? (
              <EmptyList
                icon={role === 'company' ? Building2 : Users}
                title={`Ningún ${tab.one} coincide con la búsqueda`}
                onClear={() => params.set({ q: '' })}
              >
                Prueba con otra parte del nombre, del e-mail o de la empresa.
              </EmptyList>
            ) : (
              <EmptyList
                icon={role === 'company' ? Building2 : Users}
                title={`Todavía no hay ${tab.many}`}
              >
                Cuando alguien se registre como {tab.one}, lo verás aquí.
              </EmptyList>
            )
          }
        />
      </div>
    </div>
  );
}

const DATE_COLUMN: Column<AdminUser> = {
  header: 'Alta',
  cell: (user) => formatDate(user.created_at),
  className: 'text-right whitespace-nowrap tabular-nums',
};

const EMAIL_COLUMN: Column<AdminUser> = {
  header: 'E-mail',
  cell: (user) => <Email user={user} />,
  className: 'break-all',
};

/** Companies fit a table from tablets up. */
const COMPANIES = {
  breakpoint: 'md',
  columns: [
    { header: 'Empresa', cell: (user) => user.company || '—', className: 'font-semibold' },
    { header: 'Responsable', cell: (user) => user.name },
    EMAIL_COLUMN,
    DATE_COLUMN,
  ],
  card: (user) => (
    <Card className="p-4">
      <p className="font-semibold">{user.company || '—'}</p>
      <p className="text-sm">{user.name}</p>
      <p className="text-sm break-all">
        <Email user={user} />
      </p>
      <p className="mt-1 text-xs text-muted-foreground">Alta {formatDate(user.created_at)}</p>
    </Card>
  ),
} satisfies RowsLayout<AdminUser>;

const SELLERS = {
  breakpoint: 'xl',
  columns: [
    {
      header: 'Vendedor',
      cell: (user) => (
        <>
          <span className="font-semibold">{user.name}</span>
          <RiskMarks user={user} className="mt-1 flex-col items-start" />
        </>
      ),
    },
    EMAIL_COLUMN,
    { header: 'Provincia', cell: (user) => user.province ?? 'Sin provincia' },
    { header: 'Puntos', cell: (user) => user.points, className: 'text-right tabular-nums' },
    { header: 'Ventas', cell: (user) => user.sales, className: 'text-right tabular-nums' },
    DATE_COLUMN,
    {
      header: 'Documento',
      cell: (user) => <IdentityDocument user={user} />,
      className: 'whitespace-nowrap',
    },
  ],
  card: (user) => (
    <Card className="h-full p-4">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words">{user.name}</p>
        <p className="shrink-0 text-xs text-muted-foreground">Alta {formatDate(user.created_at)}</p>
      </div>
      <p className="text-sm break-all">
        <Email user={user} />
      </p>
      <RiskMarks user={user} className="mt-1.5" />
      <p className="mt-1 text-sm text-muted-foreground">
        {user.province ?? 'Sin provincia'} · {countOf(user.points, 'punto', 'puntos')} ·{' '}
        {countOf(user.sales, 'venta', 'ventas')}
      </p>
      <div className="mt-2">
        <IdentityDocument user={user} />
      </div>
    </Card>
  ),
} satisfies RowsLayout<AdminUser>;

/**
 * A seller under review (open flags in Riesgo, payouts held) links to those
 * flags; a seller suspended for confirmed fraud says so.
 */
function RiskMarks({ user, className }: { user: AdminUser; className?: string }) {
  if (user.open_risk_flags === 0 && !user.banned) return null;
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {user.banned ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-900">
          <Ban className="size-3.5" aria-hidden />
          Suspendido
        </span>
      ) : null}
      {user.open_risk_flags > 0 ? (
        <Link
          to={`${paths.admin}/risk?seller_id=${encodeURIComponent(user.id)}`}
          aria-label={`${RISK_MESSAGES.underReview}: ${countOf(user.open_risk_flags, 'alerta abierta', 'alertas abiertas')}. Ver en Riesgo`}
          title="Ver sus alertas en Riesgo"
          className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 hover:bg-amber-200"
        >
          <ShieldAlert className="size-3.5" aria-hidden />
          {RISK_MESSAGES.underReview} ({user.open_risk_flags})
        </Link>
      ) : null}
    </span>
  );
}

function Email({ user }: { user: AdminUser }) {
  return (
    <a href={`mailto:${user.email}`} className="text-primary hover:underline">
      {user.email}
    </a>
  );
}

/** The seller's identity document: a private file the server hands only to its owner and admins. */
function IdentityDocument({ user }: { user: AdminUser }) {
  return user.has_identity_document ? (
    <a
      href={`/api/profiles/${encodeURIComponent(user.id)}/identity-document`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Ver documento de ${user.name}`}
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
    >
      <FileText className="size-4" aria-hidden />
      Ver documento
    </a>
  ) : (
    <span className="text-sm text-muted-foreground">Sin documento</span>
  );
}
