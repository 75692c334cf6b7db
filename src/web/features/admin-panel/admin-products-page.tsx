import { Package } from 'lucide-react';
import type { AdminProduct } from '@shared/admin/admin.schema';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import { countOf } from '@shared/plural';
import { DataList, EmptyList, type Column } from '@web/components/data-list';
import { ProductThumb } from '@web/components/product-thumb';
import { SearchBox } from '@web/components/search-box';
import { CompanyFilterSelect } from '@web/components/company-filter';
import { Card } from '@web/components/ui/card';
import { PageHeading } from '@web/components/page-heading';
import { useAdminProducts } from './api/get-admin-products';
import { ActiveBadge } from './components/active-badge';
import { useListParams } from '@web/lib/use-list-params';

const FILTERS = ['q', 'company_id'] as const;

/** spec 02 §2 admin /products: every company's products, read-only, by title and company. */
export function AdminProductsPage() {
  const params = useListParams(FILTERS);
  const { q, company_id: companyId } = params.values;
  const products = useAdminProducts({ q, company_id: companyId, page: params.page });

  return (
    <div>
      <PageHeading title="Productos">
        Los productos de todas las empresas. Solo lectura: cada empresa edita los suyos.
      </PageHeading>
      <div className="grid gap-2 sm:grid-cols-[1fr_16rem]">
        <SearchBox
          value={q}
          onCommit={(value) => params.set({ q: value })}
          label="Buscar productos por título"
          placeholder="Buscar por título"
        />
        <CompanyFilterSelect
          ariaLabel="Filtrar por empresa"
          value={companyId}
          onChange={(value) => params.set({ company_id: value })}
        />
      </div>

      <DataList
        query={products}
        loadingLabel="Cargando productos…"
        paging={params}
        count={(total) => countOf(total, 'producto', 'productos')}
        rowKey={(product) => product.id}
        columns={COLUMNS}
        card={(product) => <ProductCard product={product} />}
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
      />
    </div>
  );
}

const MONEY = 'text-right whitespace-nowrap tabular-nums';

const COLUMNS: Column<AdminProduct>[] = [
  {
    header: <span className="sr-only">Imagen</span>,
    cell: (product) => <ProductThumb product={product} />,
    className: 'pr-0',
    headerClassName: 'w-16',
  },
  {
    header: 'Producto',
    cell: (product) => (
      <>
        <p className="font-semibold text-foreground">{product.title}</p>
        <p className="text-xs text-muted-foreground">{product.category || 'Sin categoría'}</p>
      </>
    ),
    className: 'min-w-48',
  },
  { header: 'Empresa', cell: (product) => product.company.name, className: 'text-sm' },
  { header: 'Precio base', cell: (product) => formatArs(product.price_cents), className: MONEY },
  {
    header: 'Comisión',
    cell: (product) => formatBpsAsPercent(product.commission_bps),
    className: MONEY,
  },
  {
    header: 'Precio comprador',
    cell: (product) => formatArs(product.buyer_price_cents),
    className: `${MONEY} font-semibold`,
  },
  {
    header: 'Stock',
    cell: (product) => <Stock units={product.stock} />,
    className: 'text-right tabular-nums',
  },
  { header: 'Estado', cell: (product) => <ActiveBadge active={product.is_active} /> },
];

function ProductCard({ product }: { product: AdminProduct }) {
  return (
    <Card className="flex h-full gap-3 p-3">
      <ProductThumb product={product} size="lg" />
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
