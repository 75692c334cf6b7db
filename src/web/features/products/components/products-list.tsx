import { Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import type { Product } from '@shared/products/products.schema';
import { DataList, EmptyList } from '@web/components/data-list';
import { ProductThumb } from '@web/components/product-thumb';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import type { useCompanyProducts } from '../api/products-api';

/** The company's products: a table on desktop, cards on phones. */
export function ProductsList({
  products,
  q,
  setEditing,
  setDeleting,
  setActive,
}: {
  products: ReturnType<typeof useCompanyProducts>;
  /** The search typed, to word the empty list. */
  q: string;
  setEditing: (product: Product | 'new') => void;
  setDeleting: (product: Product) => void;
  setActive: (product: Product, active: boolean) => void;
}) {
  return (
    <DataList
      query={products}
      loadingLabel="Cargando productos…"
      rowKey={(product) => product.id}
      breakpoint="md"
      columns={[
        {
          header: <span className="sr-only">Imagen</span>,
          cell: (product) => <ProductThumb product={product} />,
          headerClassName: 'w-20',
        },
        {
          header: 'Producto',
          cell: (product) => (
            <>
              <p className="font-semibold text-foreground">{product.title}</p>
              <p className="text-xs text-muted-foreground">{product.category || 'Sin categoría'}</p>
            </>
          ),
        },
        {
          header: 'Precio',
          cell: (product) => formatArs(product.price_cents),
          className: 'text-right tabular-nums',
        },
        {
          header: 'Comisión',
          cell: (product) => formatBpsAsPercent(product.commission_bps),
          className: 'text-right tabular-nums',
        },
        {
          header: 'Stock',
          cell: (product) => product.stock,
          className: 'text-right tabular-nums',
        },
        {
          header: 'Estado',
          cell: (product) => <ActiveToggle product={product} onChange={setActive} />,
        },
        {
          header: 'Acciones',
          cell: (product) => (
            <RowActions product={product} onEdit={setEditing} onDelete={setDeleting} />
          ),
          className: 'text-right',
        },
      ]}
      card={(product) => (
        <Card className="flex gap-3 p-3">
          <ProductThumb product={product} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-foreground" title={product.title}>
              {product.title}
            </p>
            <p className="text-sm font-bold text-brand-dark">{formatArs(product.price_cents)}</p>
            <p className="text-xs text-muted-foreground">
              Stock {product.stock} · Comisión {formatBpsAsPercent(product.commission_bps)}
            </p>
            <div className="mt-2 flex items-center justify-between">
              <ActiveToggle product={product} onChange={setActive} />
              <RowActions product={product} onEdit={setEditing} onDelete={setDeleting} />
            </div>
          </div>
        </Card>
      )}
      empty={
        <EmptyList
          icon={Package}
          title={q ? 'Ningún producto coincide con la búsqueda' : 'Todavía no tienes productos'}
          action={
            q ? null : (
              <Button className="mt-5" onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden />
                Crear mi primer producto
              </Button>
            )
          }
        >
          {q
            ? 'Prueba con otra palabra del título.'
            : 'Crea tu primer producto: tus vendedores lo verán en su catálogo y podrán compartirlo.'}
        </EmptyList>
      }
    />
  );
}

function ActiveToggle({
  product,
  onChange,
}: {
  product: Product;
  onChange: (product: Product, active: boolean) => void;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={product.is_active}
        onChange={(event) => onChange(product, event.target.checked)}
        className="size-4 accent-sky-700"
        aria-label={`${product.title}: activo`}
      />
      <span
        className={product.is_active ? 'font-medium text-emerald-700' : 'text-muted-foreground'}
      >
        {product.is_active ? 'Activo' : 'Inactivo'}
      </span>
    </label>
  );
}

function RowActions({
  product,
  onEdit,
  onDelete,
}: {
  product: Product;
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}) {
  return (
    <div className="inline-flex gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Editar ${product.title}`}
        onClick={() => onEdit(product)}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Eliminar ${product.title}`}
        onClick={() => onDelete(product)}
        className="text-destructive"
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
