import { useState } from 'react';
import { PRODUCT_MESSAGES, type Product } from '@shared/products/products.schema';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api-client';
import {
  imageUploadFailure,
  uploadProductImage,
  useDeleteProduct,
  useSaveProduct,
  useToggleProduct,
} from './api/products-api';
import type { ImageChanges, ProductFormBody } from './components/product-form';

/**
 * What Mis Productos does with a product: create or edit it and upload its
 * images (the dialog stays open on a saved product whose images failed),
 * delete it after confirming, and switch it on or off. `refetch` reloads the
 * list once the images are in.
 */
export function useProductEditor(refetch: () => Promise<unknown>) {
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
    await refetch();
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

  return {
    editing,
    setEditing,
    deleting,
    setDeleting,
    progress,
    pending: save.isPending || uploading,
    deletePending: remove.isPending,
    submit,
    confirmDelete,
    setActive,
  };
}
