import { AlertTriangle, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_MESSAGES } from '@shared/products/products.schema';
import { SearchBox } from '@web/components/search-box';
import { Button } from '@web/components/ui/button';
import { ConfirmDelete } from '@web/components/ui/alert-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useCollectorIdMissing, useCompanyProducts } from './api/products-api';
import { ProductForm } from './components/product-form';
import { ProductsList } from './components/products-list';
import { useProductEditor } from './use-product-editor';

/** spec 02 §2 Mis Productos (/company/products). */
export function ProductsPage() {
  const [q, setQ] = useState('');
  const products = useCompanyProducts(q);
  const collectorMissing = useCollectorIdMissing();
  const {
    editing,
    setEditing,
    deleting,
    setDeleting,
    progress,
    pending,
    deletePending,
    submit,
    confirmDelete,
    setActive,
  } = useProductEditor(products.refetch);

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
        <ProductsList
          products={products}
          q={q}
          setEditing={setEditing}
          setDeleting={setDeleting}
          setActive={setActive}
        />
      </div>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && !pending && setEditing(null)}
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
              pending={pending}
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
        pending={deletePending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
