import { AlertTriangle, Package, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatBpsAsPercent } from '@shared/commission';
import { formatArs } from '@shared/money';
import { PRODUCT_MESSAGES, type Product } from '@shared/products/products.schema';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import {
  imageUploadFailure,
  uploadProductImage,
  useCollectorId,
  useCompanyProducts,
  useDeleteProduct,
  useSaveProduct,
  useToggleProduct,
} from './api/products-api';
import { ProductForm, type ImageChanges, type ProductFormBody } from './components/product-form';

/** spec 02 §2 Mis Productos (/company/products). */
export function ProductsPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);
  const products = useCompanyProducts(q);
  const collector = useCollectorId();
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

  const items = products.data?.items ?? [];
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

      {collector.isSuccess && !collector.data ? (
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

      <div className="relative mt-5 max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Buscar por título"
          aria-label="Buscar productos por título"
          className="pl-9"
        />
      </div>

      <div className="mt-5">
        {products.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Cargando productos…" />
          </div>
        ) : products.isError ? (
          <p role="alert" className="text-destructive">
            {products.error.message}
          </p>
        ) : items.length === 0 ? (
          <Card className="flex flex-col items-center p-10 text-center">
            <Package className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="mt-3 text-lg font-semibold">
              {q ? 'Ningún producto coincide con la búsqueda' : 'Todavía no tienes productos'}
            </h2>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              {q
                ? 'Prueba con otra palabra del título.'
                : 'Crea tu primer producto: tus vendedores lo verán en su catálogo y podrán compartirlo.'}
            </p>
            {!q ? (
              <Button className="mt-5" onClick={() => setEditing('new')}>
                <Plus className="size-4" aria-hidden />
                Crear mi primer producto
              </Button>
            ) : null}
          </Card>
        ) : (
          <>
            <Card className="hidden overflow-hidden md:block">
              <Table>
                <TableHead>
                  <TableRow>
                    <TableHeader className="w-20">
                      <span className="sr-only">Imagen</span>
                    </TableHeader>
                    <TableHeader>Producto</TableHeader>
                    <TableHeader className="text-right">Precio</TableHeader>
                    <TableHeader className="text-right">Comisión</TableHeader>
                    <TableHeader className="text-right">Stock</TableHeader>
                    <TableHeader>Estado</TableHeader>
                    <TableHeader className="text-right">Acciones</TableHeader>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((product) => (
                    <TableRow key={product.id}>
                      <TableCell>
                        <Thumb product={product} />
                      </TableCell>
                      <TableCell>
                        <p className="font-semibold text-foreground">{product.title}</p>
                        <p className="text-xs text-muted-foreground">
                          {product.category || 'Sin categoría'}
                        </p>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatArs(product.price_cents)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {formatBpsAsPercent(product.commission_bps)}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{product.stock}</TableCell>
                      <TableCell>
                        <ActiveToggle product={product} onChange={setActive} />
                      </TableCell>
                      <TableCell className="text-right">
                        <RowActions product={product} onEdit={setEditing} onDelete={setDeleting} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Card>
            <ul className="space-y-3 md:hidden">
              {items.map((product) => (
                <li key={product.id}>
                  <Card className="flex gap-3 p-3">
                    <Thumb product={product} size="lg" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-semibold text-foreground" title={product.title}>
                        {product.title}
                      </p>
                      <p className="text-sm font-bold text-brand-dark">
                        {formatArs(product.price_cents)}
                      </p>
                      <p className="text-xs text-muted-foreground">
                        Stock {product.stock} · Comisión{' '}
                        {formatBpsAsPercent(product.commission_bps)}
                      </p>
                      <div className="mt-2 flex items-center justify-between">
                        <ActiveToggle product={product} onChange={setActive} />
                        <RowActions product={product} onEdit={setEditing} onDelete={setDeleting} />
                      </div>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          </>
        )}
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

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={PRODUCT_MESSAGES.deleteConfirm}
        description={
          deleting
            ? `${deleting.title}: dejará de estar a la venta. Los pedidos que ya tiene conservan su nombre y sus importes.`
            : undefined
        }
        confirmLabel="Eliminar"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

function Thumb({ product, size = 'sm' }: { product: Product; size?: 'sm' | 'lg' }) {
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
