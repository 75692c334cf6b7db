import { Package } from 'lucide-react';
import type { AdminProduct } from '@shared/admin/admin.schema';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import { Card } from '@web/components/ui/card';
import { fieldClasses } from '@web/components/ui/input';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { cn } from '@web/lib/cn';
import { useAdminProducts } from './api/get-admin-products';
import { useAdminCompanies } from './api/get-admin-users';
import { ActiveBadge } from './components/active-badge';
import { AdminPageHeading } from './components/admin-page-heading';
import { EmptyList, ListState, Pagination } from './components/list-state';
import { SearchBox } from './components/search-box';
import { useListParams } from './use-list-params';

const FILTERS = ['q', 'company_id'] as const;

/** spec 02 §2 admin /products: every company's products, read-only, by title and company. */
export function AdminProductsPage() {
  const params = useListParams(FILTERS);
  const { q, company_id: companyId } = params.values;
  const products = useAdminProducts({ q, company_id: companyId, page: params.page });
  const companies = useAdminCompanies();
  const choices = companies.data ?? [];

  return (
    <div>
      <AdminPageHeading title="Productos">
        Los productos de todas las empresas. Solo lectura: cada empresa edita los suyos.
      </AdminPageHeading>
      <div className="grid gap-2 sm:grid-cols-[1fr_16rem]">
        <SearchBox
          value={q}
          onCommit={(value) => params.set({ q: value })}
          label="Buscar productos por título"
          placeholder="Buscar por título"
        />
        <select
          aria-label="Filtrar por empresa"
          value={companyId}
          onChange={(event) => params.set({ company_id: event.target.value })}
          className={cn(fieldClasses, 'h-11')}
        >
          <option value="">Todas las empresas</option>
          {companyId && !choices.some((company) => company.id === companyId) ? (
            <option value={companyId}>Empresa elegida</option>
          ) : null}
          {choices.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </select>
      </div>

      <ListState
        query={products}
        loadingLabel="Cargando productos…"
        isEmpty={(data) => data.items.length === 0}
        onFirstPage={() => params.set({ page: '' })}
        empty={
          params.filtered ? (
            <EmptyList icon={Package} title="Ningún producto coincide" onClear={params.clear}>
              Prueba con otra palabra del título u otra empresa.
            </EmptyList>
          ) : (
            <EmptyList icon={Package} title="Todavía no hay productos">
              Cuando las empresas publiquen productos, los verás aquí.
            </EmptyList>
          )
        }
      >
        {(data) => (
          <>
            <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
              {countOf(data.total, 'producto', 'productos')}
            </p>
            <Card className="mt-2 hidden xl:block">
              <Table>
                <TableHead>
                  <TableRow>
                    <TableHeader className="w-16">
                      <span className="sr-only">Imagen</span>
                    </TableHeader>
                    <TableHeader>Producto</TableHeader>
                    <TableHeader>Empresa</TableHeader>
                    <TableHeader className="text-right">Precio base</TableHeader>
                    <TableHeader className="text-right">Comisión</TableHeader>
                    <TableHeader className="text-right">Precio comprador</TableHeader>
                    <TableHeader className="text-right">Stock</TableHeader>
                    <TableHeader>Estado</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((product) => (
                    <TableRow key={product.id}>
                      <TableCell className="pr-0">
                        <Thumb product={product} />
                      </TableCell>
                      <TableCell className="min-w-48">
                        <p className="font-semibold text-foreground">{product.title}</p>
                        <p className="text-xs text-muted-foreground">
                          {product.category || 'Sin categoría'}
                        </p>
                      </TableCell>
                      <TableCell className="text-sm">{product.company.name}</TableCell>
                      <TableCell className="text-right whitespace-nowrap tabular-nums">
                        {formatArs(product.price_cents)}
                      </TableCell>
                      <TableCell className="text-right whitespace-nowrap tabular-nums">
                        {formatBpsAsPercent(product.commission_bps)}
                      </TableCell>
                      <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">
                        {formatArs(product.buyer_price_cents)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        <Stock units={product.stock} />
                      </TableCell>
                      <TableCell>
                        <ActiveBadge active={product.is_active} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
            <ul className="mt-2 grid gap-3 md:grid-cols-2 xl:hidden">
              {data.items.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
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
  );
}

function ProductCard({ product }: { product: AdminProduct }) {
  return (
    <Card className="flex h-full gap-3 p-3">
      <Thumb product={product} size="lg" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className="min-w-0 font-semibold break-words text-foreground">{product.title}</p>
          <ActiveBadge active={product.is_active} />
        </div>
        <p className="text-xs text-muted-foreground">{product.company.name}</p>
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
          <div>
            <dt className="text-muted-foreground">Precio base</dt>
            <dd className="tabular-nums">{formatArs(product.price_cents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Comisión</dt>
            <dd className="tabular-nums">{formatBpsAsPercent(product.commission_bps)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Precio comprador</dt>
            <dd className="font-semibold tabular-nums">{formatArs(product.buyer_price_cents)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Stock</dt>
            <dd className="tabular-nums">
              <Stock units={product.stock} />
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}

function Stock({ units }: { units: number }) {
  return units > 0 ? (
    <>{units}</>
  ) : (
    <span className="font-semibold text-destructive">Sin stock</span>
  );
}

function Thumb({ product, size = 'sm' }: { product: AdminProduct; size?: 'sm' | 'lg' }) {
  const url = product.thumbnail_urls[0];
  const box = size === 'lg' ? 'size-20' : 'size-12';
  return url ? (
    <img
      src={url}
      alt=""
      loading="lazy"
      className={`${box} max-w-none shrink-0 rounded-lg border border-border object-cover`}
    />
  ) : (
    <span
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground`}
    >
      <Package className="size-5" aria-hidden />
    </span>
  );
}
