import { AlertTriangle, Package, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import { PRODUCT_MESSAGES, type Product } from '@shared/products/products.schema';
import { DataList, EmptyList } from '@web/components/data-list';
import { ProductThumb } from '@web/components/product-thumb';
import { SearchBox } from '@web/components/search-box';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDelete } from '@web/components/ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import {
  imageUploadFailure,
  uploadProductImage,
  useCollectorIdMissing,
  useCompanyProducts,
  useDeleteProduct,
  useSaveProduct,
  useToggleProduct,
} from './api/products-api';
import { ProductForm, type ImageChanges, type ProductFormBody } from './components/product-form';

/** spec 02 §2 Mis Productos (/company/products). */
export function ProductsPage() {
  const [q, setQ] = useState('');
  const products = useCompanyProducts(q);
  const collectorMissing = useCollectorIdMissing();
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [progress, setProgress] = useState<Record<string, number>>({});
  const save = useSaveProduct();
  const toggle = useToggleProduct();
  const remove = useDeleteProduct();
  const [uploading, setUploading] = useState(false);

  const submit = async (body: ProductFormBody, images: ImageChanges) => {
    const existing = editing !== 'new' ? editing : null;
    let saved: Product;
    try {
      saved = await save.mutateAsync({ id: existing?.id, body });
    } catch (error) {
      toast({
        title:
          error instanceof ApiError && error.code === 'COLLECTOR_ID_REQUIRED'
            ? error.message
            : PRODUCT_MESSAGES.saveFailed,
        description:
          error instanceof ApiError && error.code !== 'COLLECTOR_ID_REQUIRED'
            ? error.message
            : undefined,
        variant: 'destructive',
      });
      return;
    }
    setUploading(true);
    let failed = false;
    for (const file of images.added) {
      try {
        setProgress((current) => ({ ...current, [file.name]: 0 }));
        await uploadProductImage(saved.id, file, (percent) =>
          setProgress((current) => ({ ...current, [file.name]: percent })),
        );
      } catch (error) {
        failed = true;
        toast({ title: imageUploadFailure(file.name, error), variant: 'destructive' });
      }
    }
    setUploading(false);
    setProgress({});
    await products.refetch();
    if (!failed) {
      toast({
        title: existing ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.created,
        variant: 'success',
      });
      setEditing(null);
    } else {
      // The product is saved; the dialog stays open on it to retry the images.
      setEditing(saved);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: 'Producto eliminado.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'No se pudo eliminar el producto.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    }
    setDeleting(null);
  };

  const setActive = (product: Product, active: boolean) =>
    toggle.mutate(
      { id: product.id, is_active: active },
      { onError: () => toast({ title: 'No se pudo cambiar el estado.', variant: 'destructive' }) },
    );

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-brand-dark">Mis Productos</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Lo que tus vendedores ofrecen con su link personal.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden />
          Nuevo producto
        </Button>
      </div>

      {collectorMissing.data ? (
        <div
          role="alert"
          className="mt-5 flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            {PRODUCT_MESSAGES.collectorRequired}{' '}
            <Link to="/company/settings" className="font-semibold underline">
              Ir a Configuración
            </Link>
          </p>
        </div>
      ) : null}

      <SearchBox
        value={q}
        onCommit={setQ}
        label="Buscar productos por título"
        placeholder="Buscar por título"
        className="mt-5 max-w-sm"
      />

      <div className="mt-5">
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
                  <p className="text-xs text-muted-foreground">
                    {product.category || 'Sin categoría'}
                  </p>
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
                <p className="text-sm font-bold text-brand-dark">
                  {formatArs(product.price_cents)}
                </p>
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
      </div>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && !save.isPending && !uploading && setEditing(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Nuevo producto' : 'Editar producto'}</DialogTitle>
            <DialogDescription>
              {editing === 'new'
                ? 'El precio base es lo que recibes tú; la comisión se suma encima.'
                : 'El título, el precio y la categoría no se pueden cambiar.'}
            </DialogDescription>
          </DialogHeader>
          {editing !== null ? (
            <ProductForm
              key={editing === 'new' ? 'new' : `${editing.id}-${editing.updated_at}`}
              product={editing === 'new' ? undefined : editing}
              pending={save.isPending || uploading}
              progress={progress}
              onSubmit={(body, images) => void submit(body, images)}
              onCancel={() => setEditing(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={PRODUCT_MESSAGES.deleteConfirm}
        describe={(product) =>
          `${product.title}: dejará de estar a la venta. Los pedidos que ya tiene conservan su nombre y sus importes.`
        }
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
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
