import { PERIOD_MESSAGES } from '../messages';
import { isCalendarDay } from '../time';
import { z } from '../zod';

/**
 * Wire contract of the storefront API, `/api/store/:storeId/*` (spec 01 §3, §7).
 * The shapes follow the external e-commerce service the original storefront
 * called: snake_case fields, prices in integer cents, derived price fields
 * computed by `store-price.ts` on the server.
 */

const Cents = z.number().int().min(0);
const Id = z.string().min(1).max(100);

export const StoreCurrency = z.object({
  code: z.string().min(1),
  symbol: z.string(),
  /** e.g. "€{{amount}}"; formatStoreMoney replaces {{amount}}. */
  template: z.string(),
});
export type StoreCurrency = z.infer<typeof StoreCurrency>;

/** One entry of `variant.prices`; the storefront reads the first one. */
export const StoreVariantPrice = z.object({
  amount: Cents,
  sale_amount: Cents.nullable(),
  currency_code: z.string().min(1),
  currency: StoreCurrency,
});
export type StoreVariantPrice = z.infer<typeof StoreVariantPrice>;

/** An option value attached to a variant (e.g. Style = "Walnut"). */
export const StoreOptionValue = z.object({
  id: Id,
  option_id: Id,
  variant_id: Id,
  value: z.string(),
});
export type StoreOptionValue = z.infer<typeof StoreOptionValue>;

/** Fields derived from `prices[0]` (store-price.ts). */
export const StoreDerivedPrice = z.object({
  price_in_cents: Cents,
  sale_price_in_cents: Cents.nullable(),
  currency: z.string(),
  price_formatted: z.string(),
  sale_price_formatted: z.string().nullable(),
});
export type StoreDerivedPrice = z.infer<typeof StoreDerivedPrice>;

export const StoreVariant = z.object({
  id: Id,
  title: z.string(),
  image_url: z.string().nullable(),
  sku: z.string().nullable(),
  prices: z.array(StoreVariantPrice),
  manage_inventory: z.boolean(),
  weight: z.number().nullable(),
  options: z.array(StoreOptionValue),
  /** Units a buyer can take now (quantity − reserved); meaningful when manage_inventory. */
  inventory_quantity: z.number().int().min(0),
  ...StoreDerivedPrice.shape,
});
export type StoreVariant = z.infer<typeof StoreVariant>;

export const StoreImage = z.object({
  url: z.string(),
  order: z.number().int(),
  type: z.string(),
});
export type StoreImage = z.infer<typeof StoreImage>;

export const StoreOption = z.object({
  id: Id,
  title: z.string(),
  values: z.array(StoreOptionValue),
});
export type StoreOption = z.infer<typeof StoreOption>;

export const StoreProductCollection = z.object({
  product_id: Id,
  collection_id: Id,
  order: z.number().int(),
});

export const StoreAdditionalInfo = z.object({
  id: Id,
  order: z.number().int(),
  title: z.string(),
  /** HTML */
  description: z.string(),
});
export type StoreAdditionalInfo = z.infer<typeof StoreAdditionalInfo>;

export const StoreCustomField = z.object({
  id: Id,
  title: z.string(),
  is_required: z.boolean(),
});

export const StoreRelatedProduct = z.object({
  id: Id,
  section_title: z.string(),
  related_type: z.string(),
  related_id: Id,
  position: z.number().int(),
});

export const StoreProductStatus = z.enum(['published', 'draft']);

export const StoreProduct = z.object({
  id: Id,
  title: z.string(),
  subtitle: z.string().nullable(),
  ribbon_text: z.string().nullable(),
  /** HTML */
  description: z.string(),
  thumbnail: z.string().nullable(),
  status: StoreProductStatus,
  purchasable: z.boolean(),
  order: z.number().int(),
  /** 'lowest_price_first' or null → lowest effective price; anything else → first variant. */
  site_product_selection: z.string().nullable(),
  images: z.array(StoreImage),
  options: z.array(StoreOption),
  variants: z.array(StoreVariant),
  product_collections: z.array(StoreProductCollection),
  additional_info: z.array(StoreAdditionalInfo),
  type: z.object({ value: z.string() }).nullable(),
  custom_fields: z.array(StoreCustomField),
  related_products: z.array(StoreRelatedProduct),
  updated_at: z.string(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  /** Representative price (store-price.ts). */
  ...StoreDerivedPrice.shape,
});
export type StoreProduct = z.infer<typeof StoreProduct>;

/** GET products/:id answers the product itself, with its images also named `media`. */
export const StoreProductDetail = StoreProduct.extend({ media: z.array(StoreImage) });
export type StoreProductDetail = z.infer<typeof StoreProductDetail>;

// ---------------------------------------------------------------------------
// Queries and responses

/** Accepts `ids[]=a&ids[]=b`, `ids=a` or `ids=a,b`. */
const RepeatedIds = z.preprocess(
  (value) => {
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    return list.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]));
  },
  z.array(Id).max(200, 'At most 200 ids per request.'),
);

const BooleanQuery = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: "Must be 'true' or 'false'." }),
);

export const StoreSortBy = z.enum(['order', 'title', 'price', 'created_at', 'updated_at']);
export type StoreSortBy = z.infer<typeof StoreSortBy>;

export const StoreProductsQuery = z.object({
  'ids[]': RepeatedIds.optional(),
  ids: RepeatedIds.optional(),
  offset: z.coerce
    .number({ error: 'offset must be a whole number ≥ 0.' })
    .int('offset must be a whole number ≥ 0.')
    .min(0, 'offset must be a whole number ≥ 0.')
    .default(0),
  limit: z.coerce
    .number({ error: 'limit must be a whole number between 1 and 100.' })
    .int('limit must be a whole number between 1 and 100.')
    .min(1, 'limit must be a whole number between 1 and 100.')
    .max(100, 'limit must be a whole number between 1 and 100.')
    .default(20),
  order: z
    .enum(['ASC', 'DESC', 'asc', 'desc'], { error: "order must be 'ASC' or 'DESC'." })
    .transform((value) => value.toUpperCase() as 'ASC' | 'DESC')
    .default('ASC'),
  sort_by: z
    .enum(StoreSortBy.options, {
      error: `sort_by must be one of ${StoreSortBy.options.join(', ')}.`,
    })
    .default('order'),
  /** false (default) hides unpublished products; true lists them too. */
  is_hidden: BooleanQuery.optional(),
  /** Only products created up to this instant. */
  to_date: z.iso
    .datetime({ offset: true, error: 'to_date must be an ISO 8601 date-time.' })
    .refine(
      // A value that is no date-time at all is the check above's to report.
      (value) => !/^\d{4}-\d{2}-\d{2}T/.test(value) || isCalendarDay(value.slice(0, 10)),
      PERIOD_MESSAGES.storeDateTime,
    )
    .optional(),
});
export type StoreProductsQuery = z.infer<typeof StoreProductsQuery>;

export const StoreProductsResponse = z.object({
  count: z.number().int().min(0),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  products: z.array(StoreProduct),
});
export type StoreProductsResponse = z.infer<typeof StoreProductsResponse>;

export const StoreVariantsQuery = z.object({
  fields: z.string().max(200).optional(),
  'product_ids[]': RepeatedIds.optional(),
  product_ids: RepeatedIds.optional(),
});
export type StoreVariantsQuery = z.infer<typeof StoreVariantsQuery>;

export const StoreVariantStock = z.object({
  id: Id,
  product_id: Id,
  manage_inventory: z.boolean(),
  inventory_quantity: z.number().int().min(0),
});
export const StoreVariantsResponse = z.object({ variants: z.array(StoreVariantStock) });
export type StoreVariantsResponse = z.infer<typeof StoreVariantsResponse>;

// ---------------------------------------------------------------------------
// Checkout

export const STORE_CHECKOUT_MESSAGES = {
  emptyCart: 'Your cart is empty',
  emptyCartDescription: 'Add some products to your cart before checking out.',
  checkoutErrorTitle: 'Checkout Error',
  checkoutErrorDescription: 'There was a problem initializing checkout. Please try again.',
} as const;

/** What checkout answers past a reservation cap (STORE_MAX_*), shown by the cart as they are. */
export const STORE_CHECKOUT_LIMIT_MESSAGES = {
  itemLimit: (max: number) => `You can buy at most ${max} units of one item per order.`,
  orderLimit: (max: number) => `You can buy at most ${max} items in one order.`,
  reservationLimit: (held: number, max: number) =>
    `You already have ${held} items reserved in checkouts that are not finished. Complete them or wait until they expire: at most ${max} items can be reserved at a time.`,
} as const;

export const StoreCheckoutItem = z.object({
  variant_id: Id,
  quantity: z
    .number({ error: 'quantity must be a whole number ≥ 1.' })
    .int('quantity must be a whole number ≥ 1.')
    .min(1, 'quantity must be a whole number ≥ 1.')
    .max(999, 'quantity must be at most 999.'),
});

/** spec 01 §3 checkout request; successUrl/cancelUrl must be on the site's own origin. */
export const StoreCheckoutRequest = z.object({
  items: z
    .array(StoreCheckoutItem)
    .min(1, STORE_CHECKOUT_MESSAGES.emptyCart)
    .max(50, 'At most 50 different items per order.'),
  successUrl: z.url({ error: 'successUrl must be an absolute URL.' }),
  cancelUrl: z.url({ error: 'cancelUrl must be an absolute URL.' }),
  locale: z.string().max(35).optional(),
  timeZone: z.string().max(64).optional(),
});
export type StoreCheckoutRequest = z.infer<typeof StoreCheckoutRequest>;

export const StoreCheckoutResponse = z.object({ url: z.string() });
export type StoreCheckoutResponse = z.infer<typeof StoreCheckoutResponse>;
