import { z } from '../zod';

/**
 * A catalogue file for `npm run store:import`: products in the API's shape
 * (GET products), where ids and derived fields may be left out.
 */
const Id = z.string().min(1).max(100);
const Cents = z.number().int().min(0);
/** Catalogue images live on this site (e.g. /catalogue/x.svg) or on an https host. */
const ImageUrl = z
  .string()
  .max(2000)
  .refine((url) => /^\/[^/]/.test(url) || /^https:\/\//.test(url), {
    message: 'must be a path on this site (/…) or an https:// address',
  });

export const StoreImportVariant = z.object({
  id: Id.optional(),
  title: z.string().trim().min(1).max(200),
  image_url: ImageUrl.nullish(),
  sku: z.string().max(100).nullish(),
  prices: z
    .array(
      z.object({
        amount: Cents,
        sale_amount: Cents.nullish(),
        currency_code: z
          .string()
          .regex(/^[a-zA-Z]{3}$/)
          .default('eur'),
      }),
    )
    .min(1),
  manage_inventory: z.boolean().default(false),
  weight: z.number().min(0).nullish(),
  inventory_quantity: z.number().int().min(0).default(0),
  options: z.array(z.object({ option_id: Id, value: z.string().min(1).max(100) })).default([]),
});

export const StoreImportProduct = z
  .object({
    id: Id.optional(),
    title: z.string().trim().min(1).max(200),
    subtitle: z.string().max(300).nullish(),
    ribbon_text: z.string().max(40).nullish(),
    description: z.string().max(20_000).default(''),
    thumbnail: ImageUrl.nullish(),
    status: z.enum(['published', 'draft']).default('published'),
    purchasable: z.boolean().default(true),
    order: z.number().int().optional(),
    site_product_selection: z.string().max(50).nullish(),
    images: z
      .array(
        z.object({
          url: ImageUrl,
          order: z.number().int().optional(),
          type: z.string().default('image'),
        }),
      )
      .default([]),
    options: z.array(z.object({ id: Id, title: z.string().trim().min(1).max(100) })).default([]),
    variants: z.array(StoreImportVariant).min(1),
    additional_info: z
      .array(
        z.object({
          order: z.number().int().optional(),
          title: z.string().trim().min(1).max(200),
          description: z.string().max(20_000).default(''),
        }),
      )
      .default([]),
    type: z.object({ value: z.string().max(100) }).nullish(),
    metadata: z.record(z.string(), z.unknown()).default({}),
  })
  .superRefine((product, ctx) => {
    const optionIds = new Set(product.options.map((option) => option.id));
    product.variants.forEach((variant, index) => {
      variant.options.forEach((value, valueIndex) => {
        if (!optionIds.has(value.option_id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['variants', index, 'options', valueIndex, 'option_id'],
            message: `unknown option "${value.option_id}" (declare it in the product's options)`,
          });
        }
      });
    });
  });
export type StoreImportProduct = z.infer<typeof StoreImportProduct>;

export const StoreCatalogueFile = z
  .object({ products: z.array(StoreImportProduct).min(1) })
  .superRefine((file, ctx) => {
    const seen = new Map<string, number>();
    file.products.forEach((product, index) => {
      if (!product.id) return;
      if (seen.has(product.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', index, 'id'],
          message: `duplicate id, also used by products[${seen.get(product.id)}]`,
        });
      }
      seen.set(product.id, index);
    });
  });
export type StoreCatalogueFile = z.infer<typeof StoreCatalogueFile>;
