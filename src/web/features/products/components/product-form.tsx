import { AlertTriangle, ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { formatAmount, formatArs, parseAmountToCents, parseMoney } from '@shared/money';
import {
  CreateProductBody,
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  UpdateProductBody,
  type Product,
} from '@shared/products/products.schema';
import { MoneyField } from '@web/components/money-field';
import { Button } from '@web/components/ui/button';
import { DialogBody, DialogFooter } from '@web/components/ui/dialog';
import { describedBy, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { commissionOnBlur, isHighCommission, percentToBps, unitSplit } from './commission';

export interface ProductFormValues {
  title: string;
  description: string;
  price: string;
  stock: string;
  category: string;
  commission: string;
  is_active: boolean;
}

/** What the form sends: the shared schema's body (cents and basis points). */
export type ProductFormBody = CreateProductBody | UpdateProductBody;

const FIELD_OF: Record<string, keyof ProductFormValues> = {
  price_cents: 'price',
  commission_bps: 'commission',
};

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

function toBody(values: ProductFormValues, editing: boolean): Record<string, unknown> {
  const stock = values.stock.trim() === '' ? Number.NaN : Number(values.stock);
  const common = {
    description: values.description,
    stock,
    commission_bps: percentToBps(values.commission) ?? Number.NaN,
    is_active: values.is_active,
  };
  return editing
    ? common
    : {
        ...common,
        title: values.title,
        price_cents: parseAmountToCents(values.price) ?? Number.NaN,
        category: values.category,
      };
}

/** Validates with the shared schema the server uses, after turning pesos and % into cents and bps. */
function sharedSchemaResolver(editing: boolean): Resolver<ProductFormValues> {
  return async (values) => {
    const parsed = (editing ? UpdateProductBody : CreateProductBody).safeParse(
      toBody(values, editing),
    );
    const errors: Record<string, { type: string; message: string }> = {};
    // A price that cannot be read says why (negative, too many decimals…), not only that it is wrong.
    const price = parseMoney(values.price);
    if (!editing && !price.ok && values.price.trim() !== '') {
      errors.price = { type: 'validation', message: price.message };
    }
    if (parsed.success && !errors.price) return { values, errors: {} };
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = FIELD_OF[key] ?? (key as keyof ProductFormValues);
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors };
  };
}

export function initialValues(product?: Product): ProductFormValues {
  return product
    ? {
        title: product.title,
        description: product.description,
        price: formatAmount(product.price_cents),
        stock: String(product.stock),
        category: product.category,
        commission: String(product.commission_bps / 100),
        is_active: product.is_active,
      }
    : {
        title: '',
        description: '',
        price: '',
        stock: '',
        category: '',
        commission: '3',
        is_active: true,
      };
}

export interface ImageChanges {
  /** The product's images in their new order (edit only). */
  kept: string[];
  /** Files to upload after saving. */
  added: File[];
}

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
  const [kept, setKept] = useState<string[]>(product?.image_urls ?? []);
  const [added, setAdded] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const errors = form.formState.errors;
  const price = form.watch('price');
  const commission = form.watch('commission');
  const split = unitSplit(price, commission);
  const commissionField = form.register('commission');

  const addFiles = (files: FileList | null) => {
    setFileError(null);
    const chosen = [...(files ?? [])];
    const refused = chosen.find(
      (file) => !IMAGE_TYPES.includes(file.type) || file.size > IMAGE_MAX_BYTES,
    );
    if (refused) {
      setFileError(
        PRODUCT_MESSAGES.imageUploadFailed(
          refused.name,
          refused.size > IMAGE_MAX_BYTES
            ? 'supera los 10 MB.'
            : 'no es una imagen PNG, JPG, GIF o WebP.',
        ),
      );
    }
    const valid = chosen.filter(
      (file) => IMAGE_TYPES.includes(file.type) && file.size <= IMAGE_MAX_BYTES,
    );
    setAdded((current) => [...current, ...valid].slice(0, MAX_PRODUCT_IMAGES - kept.length));
  };

  const move = (index: number, by: number) =>
    setKept((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });

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
        {isHighCommission(commission) ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {PRODUCT_MESSAGES.commissionWarning}
          </p>
        ) : null}
        <dl
          className="grid grid-cols-3 gap-2 rounded-xl bg-slate-50 p-3 text-center"
          aria-label="Por cada unidad vendida"
        >
          <div>
            <dt className="text-xs text-muted-foreground">Paga el comprador</dt>
            <dd className="font-bold text-foreground">
              {split ? formatArs(split.buyerCents) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Gana el vendedor</dt>
            <dd className="font-bold text-emerald-700">
              {split ? formatArs(split.sellerCents) : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Plataforma</dt>
            <dd className="font-bold text-foreground">
              {split ? formatArs(split.platformCents) : '—'}
            </dd>
          </div>
        </dl>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4 accent-sky-700"
            {...form.register('is_active')}
          />
          Activo (visible para los vendedores y a la venta)
        </label>

        <fieldset>
          <legend className="text-sm font-medium">Imágenes</legend>
          <p className="text-xs text-muted-foreground">{PRODUCT_MESSAGES.imageHint}</p>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {kept.map((url, index) => (
              <li key={url} className="relative overflow-hidden rounded-lg border border-border">
                <img
                  src={url}
                  alt={`Imagen ${index + 1}`}
                  className="aspect-square w-full object-cover"
                />
                <div className="absolute inset-x-0 bottom-0 flex justify-between bg-white/85 p-1">
                  <button
                    type="button"
                    aria-label={`Mover la imagen ${index + 1} antes`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    className="rounded p-1 disabled:opacity-30"
                  >
                    <ArrowLeft className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    aria-label={`Quitar la imagen ${index + 1}`}
                    onClick={() => setKept((c) => c.filter((u) => u !== url))}
                    className="rounded p-1 text-destructive"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    aria-label={`Mover la imagen ${index + 1} después`}
                    disabled={index === kept.length - 1}
                    onClick={() => move(index, 1)}
                    className="rounded p-1 disabled:opacity-30"
                  >
                    <ArrowRight className="size-4" aria-hidden />
                  </button>
                </div>
              </li>
            ))}
            {added.map((file) => (
              <li
                key={`${file.name}-${file.size}`}
                className="relative overflow-hidden rounded-lg border border-dashed border-primary"
              >
                <img
                  src={URL.createObjectURL(file)}
                  alt={file.name}
                  className="aspect-square w-full object-cover"
                />
                {progress[file.name] !== undefined ? (
                  <div
                    role="progressbar"
                    aria-label={`Subiendo ${file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(progress[file.name]!)}
                    className="absolute inset-x-1 bottom-1 h-2 overflow-hidden rounded-full bg-white/80"
                  >
                    <div
                      className="h-full bg-primary"
                      style={{ width: `${progress[file.name]}%` }}
                    />
                  </div>
                ) : (
                  <button
                    type="button"
                    aria-label={`No subir ${file.name}`}
                    onClick={() => setAdded((c) => c.filter((f) => f !== file))}
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-destructive"
                  >
                    <X className="size-4" aria-hidden />
                  </button>
                )}
              </li>
            ))}
            {kept.length + added.length < MAX_PRODUCT_IMAGES ? (
              <li>
                <label className="flex aspect-square cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-border text-xs text-muted-foreground hover:border-primary hover:text-primary">
                  <ImagePlus className="size-6" aria-hidden />
                  Agregar
                  <input
                    type="file"
                    accept={IMAGE_TYPES.join(',')}
                    multiple
                    className="sr-only"
                    aria-label="Agregar imágenes"
                    onChange={(event) => {
                      addFiles(event.target.files);
                      event.target.value = '';
                    }}
                  />
                </label>
              </li>
            ) : null}
          </ul>
          {fileError ? (
            <p role="alert" className="mt-2 text-sm font-medium text-destructive">
              {fileError}
            </p>
          ) : null}
        </fieldset>
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
