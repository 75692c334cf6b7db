import { Controller, useForm } from 'react-hook-form';
import { PRODUCT_MESSAGES, type Product } from '@shared/products/products.schema';
import { MoneyField } from '@web/components/money-field';
import { Button } from '@web/components/ui/button';
import { DialogBody, DialogFooter } from '@web/components/ui/dialog';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { commissionOnBlur } from './commission';
import { CommissionSummary } from './commission-summary';
import {
  initialValues,
  sharedSchemaResolver,
  toBody,
  type ProductFormBody,
  type ProductFormValues,
} from './product-form-schema';
import { ProductImagesField, useImageChanges, type ImageChanges } from './product-images';

export type { ProductFormBody, ProductFormValues } from './product-form-schema';
export type { ImageChanges } from './product-images';

/**
 * spec 02 §5 product form, in the dialog: title, price and category are
 * fixed once the product exists; the commission rules and texts exactly.
 */
export function ProductForm({
  product,
  pending,
  progress,
  onSubmit,
  onCancel,
}: {
  product?: Product;
  pending: boolean;
  /** Upload progress per file name, while images are being sent. */
  progress: Record<string, number>;
  onSubmit: (body: ProductFormBody, images: ImageChanges) => void;
  onCancel: () => void;
}) {
  const editing = Boolean(product);
  const form = useForm<ProductFormValues>({
    resolver: sharedSchemaResolver(editing),
    defaultValues: initialValues(product),
  });
  const images = useImageChanges(product?.image_urls ?? []);
  const { kept, added } = images;
  const errors = form.formState.errors;
  const price = form.watch('price');
  const commission = form.watch('commission');
  const commissionField = form.register('commission');

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        const body = toBody(values, editing) as ProductFormBody;
        onSubmit(editing ? ({ ...body, image_urls: kept } as ProductFormBody) : body, {
          kept,
          added,
        });
      })}
      className="flex min-h-0 flex-1 flex-col"
    >
      <DialogBody className="space-y-4">
        <FormField id="product-title" label="Título" error={errors.title?.message}>
          <Input
            {...describedBy('product-title', errors.title?.message)}
            disabled={editing}
            {...form.register('title')}
          />
        </FormField>
        <FormField id="product-description" label="Descripción" error={errors.description?.message}>
          <textarea
            {...describedBy('product-description', errors.description?.message)}
            rows={3}
            className="w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-ring"
            {...form.register('description')}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <MoneyField
                id="product-price"
                label="Precio base ($)"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                disabled={editing}
                error={errors.price?.message}
                hint="Por ejemplo 20.000,00"
                understood={(pesos) => `Precio base: ${pesos}`}
              />
            )}
          />
          <FormField id="product-stock" label="Stock" error={errors.stock?.message}>
            <Input
              {...describedBy('product-stock', errors.stock?.message)}
              type="number"
              min="0"
              step="1"
              inputMode="numeric"
              {...form.register('stock')}
            />
          </FormField>
        </div>
        <FormField id="product-category" label="Categoría" error={errors.category?.message}>
          <Input
            {...describedBy('product-category', errors.category?.message)}
            disabled={editing}
            {...form.register('category')}
          />
        </FormField>
        <FormField
          id="product-commission"
          label="Comisión total (%)"
          error={errors.commission?.message}
          hint={PRODUCT_MESSAGES.commissionHint}
        >
          <Input
            {...describedBy(
              'product-commission',
              errors.commission?.message,
              PRODUCT_MESSAGES.commissionHint,
            )}
            type="number"
            step="0.5"
            min="3"
            inputMode="decimal"
            {...commissionField}
            onBlur={(event) => {
              form.setValue('commission', commissionOnBlur(event.target.value), {
                shouldValidate: true,
              });
              void commissionField.onBlur(event);
            }}
          />
        </FormField>
        <CommissionSummary price={price} commission={commission} />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-sky-700"
            {...form.register('is_active')}
          />
          Activo (visible para los vendedores y a la venta)
        </label>

        <ProductImagesField images={images} progress={progress} />
      </DialogBody>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Guardando…' : editing ? 'Guardar cambios' : 'Crear producto'}
        </Button>
      </DialogFooter>
    </form>
  );
}
