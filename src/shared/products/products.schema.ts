import { MAX_COMMISSION_BPS, MIN_COMMISSION_BPS } from '../commission';
import { listOf, PageQuery } from '../pagination';
import { z } from '../zod';

/**
 * The company's products (spec 02 §3, §5; API.md "Company"). Money is integer
 * cents, the commission integer basis points (300 = 3 %). One schema validates
 * the product form and the server.
 */

/** spec 02 §5 and §8: the product texts, exactly. */
export const PRODUCT_MESSAGES = {
  collectorRequired:
    'Por favor, configura tu ID de Cobrador en la sección de Configuración antes de crear un producto.',
  imageUploadFailed: (file: string, message: string) =>
    `Error al subir la imagen ${file}: ${message}`,
  saveFailed: 'No se pudo guardar el producto.',
  updated: 'Producto actualizado correctamente.',
  created: 'Producto creado correctamente.',
  deleteConfirm: '¿Estás seguro de que quieres eliminar este producto?',
  commissionHint: 'Esta es la comisión total que se suma al precio base. El mínimo es 3%.',
  commissionWarning: '¡Atención! Estas configurando una comisión superior al 10% en el producto.',
  imageHint: 'PNG, JPG, GIF hasta 10MB',
  titleRequired: 'El título es obligatorio (hasta 120 caracteres).',
  descriptionTooLong: 'La descripción puede tener hasta 5000 caracteres.',
  priceInvalid: 'El precio debe ser un importe mayor que cero, con hasta 2 decimales.',
  stockInvalid: 'El stock debe ser un número entero de 0 en adelante.',
  categoryTooLong: 'La categoría puede tener hasta 60 caracteres.',
  commissionInvalid: 'La comisión debe estar entre 3 % y 100 %.',
  lockedFields:
    'El título, el precio y la categoría no se pueden cambiar después de crear el producto.',
  imagesOnlyReorder: 'Solo puedes reordenar o quitar las imágenes que ya tiene el producto.',
  notFound: 'No encontramos ese producto.',
  tooManyImages: 'Un producto puede tener hasta 10 imágenes.',
  noImages: 'Elige al menos una imagen.',
} as const;

/** Images per product (each one has two stored sizes). */
export const MAX_PRODUCT_IMAGES = 10;
/** A price above a hundred million pesos is a typo, not a product. */
export const MAX_PRICE_CENTS = 10_000_000_000;
export const MAX_STOCK = 1_000_000;

const Title = z
  .string({ error: PRODUCT_MESSAGES.titleRequired })
  .trim()
  .min(1, PRODUCT_MESSAGES.titleRequired)
  .max(120, PRODUCT_MESSAGES.titleRequired);
const Description = z
  .string({ error: PRODUCT_MESSAGES.descriptionTooLong })
  .trim()
  .max(5000, PRODUCT_MESSAGES.descriptionTooLong);
const PriceCents = z
  .number({ error: PRODUCT_MESSAGES.priceInvalid })
  .int(PRODUCT_MESSAGES.priceInvalid)
  .min(1, PRODUCT_MESSAGES.priceInvalid)
  .max(MAX_PRICE_CENTS, PRODUCT_MESSAGES.priceInvalid);
const Stock = z
  .number({ error: PRODUCT_MESSAGES.stockInvalid })
  .int(PRODUCT_MESSAGES.stockInvalid)
  .min(0, PRODUCT_MESSAGES.stockInvalid)
  .max(MAX_STOCK, PRODUCT_MESSAGES.stockInvalid);
const Category = z
  .string({ error: PRODUCT_MESSAGES.categoryTooLong })
  .trim()
  .max(60, PRODUCT_MESSAGES.categoryTooLong);
const CommissionBps = z
  .number({ error: PRODUCT_MESSAGES.commissionInvalid })
  .int(PRODUCT_MESSAGES.commissionInvalid)
  .min(MIN_COMMISSION_BPS, PRODUCT_MESSAGES.commissionInvalid)
  .max(MAX_COMMISSION_BPS, PRODUCT_MESSAGES.commissionInvalid);
const Locked = z.never({ error: PRODUCT_MESSAGES.lockedFields }).optional();

/** POST /api/company/products */
export const CreateProductBody = z.object({
  title: Title,
  description: Description.default(''),
  price_cents: PriceCents,
  stock: Stock,
  category: Category.default(''),
  is_active: z.boolean({ error: 'Indica si el producto está activo.' }).default(true),
  commission_bps: CommissionBps.default(MIN_COMMISSION_BPS),
});
export type CreateProductBody = z.input<typeof CreateProductBody>;

/** PATCH /api/company/products/:id: title, price and category are fixed once created (spec 02 §5). */
export const UpdateProductBody = z.object({
  title: Locked,
  price_cents: Locked,
  category: Locked,
  description: Description.optional(),
  stock: Stock.optional(),
  commission_bps: CommissionBps.optional(),
  is_active: z.boolean({ error: 'Indica si el producto está activo.' }).optional(),
  /** The product's own image URLs, in the new order; any left out are removed. */
  image_urls: z
    .array(z.string().max(2048), { error: PRODUCT_MESSAGES.imagesOnlyReorder })
    .max(MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES.tooManyImages)
    .optional(),
});
export type UpdateProductBody = z.input<typeof UpdateProductBody>;

export const Product = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  price_cents: z.number().int(),
  stock: z.number().int(),
  category: z.string(),
  is_active: z.boolean(),
  commission_bps: z.number().int(),
  /** base × (1 + commission), what a buyer pays for one unit. */
  buyer_price_cents: z.number().int(),
  /** The seller's 75 % of the commission on one unit. */
  seller_commission_cents: z.number().int(),
  /** The platform's 25 % of the commission on one unit. */
  platform_commission_cents: z.number().int(),
  /** Product-page size (up to 1200 px), in display order. */
  image_urls: z.array(z.string()),
  /** The same images at card size (up to 480 px), in the same order. */
  thumbnail_urls: z.array(z.string()),
  company_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof Product>;

export const ProductListQuery = PageQuery.extend({
  q: z.string().trim().max(120, 'La búsqueda puede tener hasta 120 caracteres.').optional(),
});
export type ProductListQuery = z.input<typeof ProductListQuery>;

export const ProductList = listOf(Product);
export type ProductList = z.infer<typeof ProductList>;
