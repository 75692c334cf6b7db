import { Building2, FileText, Users } from 'lucide-react';
import type { AdminUser, AdminUserList } from '@shared/admin/admin.schema';
import { countOf } from '@shared/plural';
import { Card } from '@web/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { useAdminUsers, type AdminUserRole } from './api/get-admin-users';
import { AdminPageHeading } from './components/admin-page-heading';
import { EmptyList, ListState, Pagination } from './components/list-state';
import { SearchBox } from './components/search-box';
import { formatDate } from '@web/lib/format-time';
import { useListParams } from './use-list-params';

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
      <AdminPageHeading title="Usuarios">
        Las empresas y los vendedores registrados en VendeMás.
      </AdminPageHeading>
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
        <ListState
          query={users}
          loadingLabel={`Cargando ${tab.many}…`}
          isEmpty={(data) => data.items.length === 0}
          onFirstPage={() => params.set({ page: '' })}
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
        >
          {(data) => (
            <>
              <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
                {countOf(data.total, tab.one, tab.many)}
              </p>
              {role === 'company' ? <Companies list={data} /> : <Sellers list={data} />}
              <Pagination
                page={params.page}
                total={data.total}
                pageSize={data.page_size}
                onPage={(page) => params.set({ page: String(page) })}
              />
            </>
          )}
        </ListState>
      </div>
    </div>
  );
}

function Companies({ list }: { list: AdminUserList }) {
  return (
    <>
      <div className="mt-2 hidden md:block">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeader>Empresa</TableHeader>
              <TableHeader>Responsable</TableHeader>
              <TableHeader>E-mail</TableHeader>
              <TableHeader className="text-right">Alta</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((user) => (
              <TableRow key={user.id}>
                <TableCell className="font-semibold">{user.company || '—'}</TableCell>
                <TableCell>{user.name}</TableCell>
                <TableCell className="break-all">
                  <Email user={user} />
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatDate(user.created_at)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="mt-2 grid gap-3 md:hidden">
        {list.items.map((user) => (
          <li key={user.id}>
            <Card className="p-4">
              <p className="font-semibold">{user.company || '—'}</p>
              <p className="text-sm">{user.name}</p>
              <p className="text-sm break-all">
                <Email user={user} />
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                Alta {formatDate(user.created_at)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

function Sellers({ list }: { list: AdminUserList }) {
  return (
    <>
      <div className="mt-2 hidden xl:block">
        <Table>
          <TableHead>
            <TableRow>
              <TableHeader>Vendedor</TableHeader>
              <TableHeader>E-mail</TableHeader>
              <TableHeader>Provincia</TableHeader>
              <TableHeader className="text-right">Puntos</TableHeader>
              <TableHeader className="text-right">Ventas</TableHeader>
              <TableHeader className="text-right">Alta</TableHeader>
              <TableHeader>Documento</TableHeader>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.items.map((user) => (
              <TableRow key={user.id}>
                <TableCell className="font-semibold">{user.name}</TableCell>
                <TableCell className="break-all">
                  <Email user={user} />
                </TableCell>
                <TableCell>{user.province ?? 'Sin provincia'}</TableCell>
                <TableCell className="text-right tabular-nums">{user.points}</TableCell>
                <TableCell className="text-right tabular-nums">{user.sales}</TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">
                  {formatDate(user.created_at)}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  <IdentityDocument user={user} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ul className="mt-2 grid gap-3 md:grid-cols-2 xl:hidden">
        {list.items.map((user) => (
          <li key={user.id}>
            <Card className="h-full p-4">
              <div className="flex items-start justify-between gap-2">
                <p className="min-w-0 font-semibold break-words">{user.name}</p>
                <p className="shrink-0 text-xs text-muted-foreground">
                  Alta {formatDate(user.created_at)}
                </p>
              </div>
              <p className="text-sm break-all">
                <Email user={user} />
              </p>
              <p className="mt-1 text-sm text-muted-foreground">
                {user.province ?? 'Sin provincia'} · {countOf(user.points, 'punto', 'puntos')} ·{' '}
                {countOf(user.sales, 'venta', 'ventas')}
              </p>
              <div className="mt-2">
                <IdentityDocument user={user} />
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </>
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
