import { and, asc, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  deriveProductPrice,
  deriveVariantPrice,
  storeCurrencyFor,
} from '@shared/store/store-price';
import {
  StoreProductDetail,
  StoreProductsResponse,
  type StoreImage,
  type StoreOptionValue,
  type StoreProduct,
  type StoreProductsQuery,
  type StoreVariant,
  type StoreVariantsResponse,
} from '@shared/store/store.schema';
import { openingImage } from '@shared/store/product-gallery';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { encodeJsonBody, type JsonBody } from '../../lib/json-body';
import { ResponseCache } from './response-cache';
import {
  storeAdditionalInfo,
  storeImages,
  storeOptions,
  storeOptionValues,
  storeProductCollections,
  storeProducts,
  storeVariants,
} from './store-catalogue.table';

type ProductRow = typeof storeProducts.$inferSelect;
type VariantRow = typeof storeVariants.$inferSelect;

export const STORE_MESSAGES = {
  productNotFound: 'Product not found.',
  storeNotFound: 'Store not found.',
  tooManyCheckouts: 'Too many checkouts from your connection. Please wait a minute and try again.',
} as const;

/**
 * How long a catalogue answer may be served from memory. On a PostgreSQL server
 * other instances write too, so their changes show within 5 s. Embedded PGlite
 * belongs to this one process: every write goes through it and clears the cache,
 * and a refresh runs on the event loop (WASM), so answers are kept longer.
 */
export const CATALOGUE_CACHE_TTL_MS = { postgres: 5_000, pglite: 60_000 } as const;
const caches = new WeakMap<Database, ResponseCache<JsonBody>>();

/** The catalogue answer cache of one database (one per app). */
export function catalogueCache(
  db: Database,
  driver: keyof typeof CATALOGUE_CACHE_TTL_MS = 'postgres',
): ResponseCache<JsonBody> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResponseCache<JsonBody>(CATALOGUE_CACHE_TTL_MS[driver]);
    caches.set(db, cache);
  }
  return cache;
}

/** Called after every write that changes what the catalogue answers (stock, products). */
export function invalidateCatalogue(db: Database): void {
  caches.get(db)?.clear();
}

/** GET products as JSON text, served from the short-lived cache. */
export function listStoreProductsJson(db: Database, query: StoreProductsQuery): Promise<JsonBody> {
  return catalogueCache(db).get(`list:${JSON.stringify(query)}`, async () =>
    encodeJsonBody(StoreProductsResponse.parse(await listStoreProducts(db, query))),
  );
}

/** GET products/:id as JSON text, served from the short-lived cache. */
export function getStoreProductJson(db: Database, id: string): Promise<JsonBody> {
  return catalogueCache(db).get(`product:${id}`, async () =>
    encodeJsonBody(StoreProductDetail.parse(await getStoreProduct(db, id))),
  );
}

/**
 * The image the product page at `pathname` (`/product/:id`) opens on, for the
 * page's HTML to announce (spa plugin's pageImage); undefined for any other
 * path or an unknown product. Read through the catalogue cache, which the
 * page's own request for the product then finds warm.
 */
export async function productPageImage(
  db: Database,
  pathname: string,
): Promise<string | undefined> {
  const match = /^\/product\/([^/]+)$/.exec(pathname);
  let id: string;
  try {
    id = decodeURIComponent(match?.[1] ?? '');
  } catch {
    return undefined;
  }
  if (!id) return undefined;
  try {
    const body = await getStoreProductJson(db, id);
    return openingImage(JSON.parse(body.raw.toString('utf8')) as StoreProductDetail);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** Units a buyer can take now. */
export function availableUnits(variant: Pick<VariantRow, 'quantity' | 'reserved'>): number {
  return Math.max(variant.quantity - variant.reserved, 0);
}

const lowestPrice = sql<number>`(select min(coalesce(${storeVariants.saleAmountCents}, ${storeVariants.amountCents})) from ${storeVariants} where ${storeVariants.productId} = ${storeProducts.id})`;

const SORT_COLUMNS = {
  order: storeProducts.sortOrder,
  title: storeProducts.title,
  price: lowestPrice,
  created_at: storeProducts.createdAt,
  updated_at: storeProducts.updatedAt,
} as const;

/** GET /store/:storeId/products (spec 01 §7): one page of products with everything the grid needs. */
export async function listStoreProducts(
  db: Database,
  query: StoreProductsQuery,
): Promise<StoreProductsResponse> {
  const ids = [...(query['ids[]'] ?? []), ...(query.ids ?? [])];
  const filters: SQL[] = [isNull(storeProducts.deletedAt)];
  filters.push(eq(storeProducts.status, query.is_hidden ? 'draft' : 'published'));
  if (ids.length > 0) filters.push(inArray(storeProducts.id, ids));
  if (query.to_date) filters.push(lte(storeProducts.createdAt, new Date(query.to_date)));
  const where = and(...filters);
  const direction = query.order === 'DESC' ? desc : asc;

  const [countRows, rows] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(storeProducts)
      .where(where),
    db
      .select()
      .from(storeProducts)
      .where(where)
      .orderBy(direction(SORT_COLUMNS[query.sort_by]), asc(storeProducts.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  const products = await assembleProducts(db, rows);
  return {
    count: countRows[0]?.count ?? 0,
    offset: query.offset,
    limit: query.limit,
    products,
  };
}

/** GET /store/:storeId/products/:id: one product, its images also named `media`. */
export async function getStoreProduct(db: Database, id: string): Promise<StoreProductDetail> {
  const rows = await db
    .select()
    .from(storeProducts)
    .where(and(eq(storeProducts.id, id), isNull(storeProducts.deletedAt)));
  const [product] = await assembleProducts(db, rows);
  if (!product) throw AppError.notFound(STORE_MESSAGES.productNotFound);
  return { ...product, media: product.images };
}

/** GET /store/:storeId/variants: live stock of the variants of some products. */
export async function listVariantStock(
  db: Database,
  productIds: string[],
): Promise<StoreVariantsResponse> {
  if (productIds.length === 0) return { variants: [] };
  const rows = await db
    .select({
      id: storeVariants.id,
      productId: storeVariants.productId,
      manageInventory: storeVariants.manageInventory,
      quantity: storeVariants.quantity,
      reserved: storeVariants.reserved,
    })
    .from(storeVariants)
    .where(inArray(storeVariants.productId, productIds))
    .orderBy(asc(storeVariants.productId), asc(storeVariants.position));
  return {
    variants: rows.map((row) => ({
      id: row.id,
      product_id: row.productId,
      manage_inventory: row.manageInventory,
      inventory_quantity: availableUnits(row),
    })),
  };
}

/**
 * Builds the wire shape of a page of products with one query per related table
 * (never one per product), so a page costs the same few round trips at any size.
 */
async function assembleProducts(db: Database, rows: ProductRow[]): Promise<StoreProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [variants, images, options, values, infos, collections] = await Promise.all([
    db
      .select()
      .from(storeVariants)
      .where(inArray(storeVariants.productId, ids))
      .orderBy(asc(storeVariants.position), asc(storeVariants.id)),
    db
      .select()
      .from(storeImages)
      .where(inArray(storeImages.productId, ids))
      .orderBy(asc(storeImages.position), asc(storeImages.id)),
    db
      .select()
      .from(storeOptions)
      .where(inArray(storeOptions.productId, ids))
      .orderBy(asc(storeOptions.position), asc(storeOptions.id)),
    db
      .select({
        id: storeOptionValues.id,
        optionId: storeOptionValues.optionId,
        variantId: storeOptionValues.variantId,
        value: storeOptionValues.value,
        productId: storeOptions.productId,
      })
      .from(storeOptionValues)
      .innerJoin(storeOptions, eq(storeOptions.id, storeOptionValues.optionId))
      .innerJoin(storeVariants, eq(storeVariants.id, storeOptionValues.variantId))
      .where(inArray(storeOptions.productId, ids))
      .orderBy(asc(storeVariants.position), asc(storeOptionValues.id)),
    db
      .select()
      .from(storeAdditionalInfo)
      .where(inArray(storeAdditionalInfo.productId, ids))
      .orderBy(asc(storeAdditionalInfo.position), asc(storeAdditionalInfo.id)),
    db
      .select()
      .from(storeProductCollections)
      .where(inArray(storeProductCollections.productId, ids))
      .orderBy(asc(storeProductCollections.position)),
  ]);

  const valuesByVariant = groupBy(values, (value) => value.variantId);
  const valuesByOption = groupBy(values, (value) => value.optionId);
  const variantsByProduct = groupBy(variants, (variant) => variant.productId);
  const imagesByProduct = groupBy(images, (image) => image.productId);
  const optionsByProduct = groupBy(options, (option) => option.productId);
  const infosByProduct = groupBy(infos, (info) => info.productId);
  const collectionsByProduct = groupBy(collections, (link) => link.productId);
  const toValue = (value: (typeof values)[number]): StoreOptionValue => ({
    id: value.id,
    option_id: value.optionId,
    variant_id: value.variantId,
    value: value.value,
  });

  return rows.map((row) => {
    const productVariants = (variantsByProduct.get(row.id) ?? []).map((variant) =>
      toStoreVariant(variant, (valuesByVariant.get(variant.id) ?? []).map(toValue)),
    );
    const productImages: StoreImage[] = (imagesByProduct.get(row.id) ?? []).map((image) => ({
      url: image.url,
      order: image.position,
      type: image.type,
    }));
    const product: StoreProduct = {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      ribbon_text: row.ribbonText,
      description: row.description,
      thumbnail: row.thumbnail ?? productImages[0]?.url ?? null,
      status: row.status,
      purchasable: row.purchasable,
      order: row.sortOrder,
      site_product_selection: row.siteProductSelection,
      images: productImages,
      options: (optionsByProduct.get(row.id) ?? []).map((option) => ({
        id: option.id,
        title: option.title,
        values: (valuesByOption.get(option.id) ?? []).map(toValue),
      })),
      variants: productVariants,
      product_collections: (collectionsByProduct.get(row.id) ?? []).map((link) => ({
        product_id: link.productId,
        collection_id: link.collectionId,
        order: link.position,
      })),
      additional_info: (infosByProduct.get(row.id) ?? []).map((info) => ({
        id: info.id,
        order: info.position,
        title: info.title,
        description: info.description,
      })),
      type: row.typeValue ? { value: row.typeValue } : null,
      custom_fields: [],
      related_products: [],
      updated_at: row.updatedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt?.toISOString() ?? null,
      metadata: row.metadata,
      ...deriveProductPrice({
        site_product_selection: row.siteProductSelection,
        variants: productVariants,
      }),
    };
    return product;
  });
}

export function toStoreVariant(variant: VariantRow, options: StoreOptionValue[]): StoreVariant {
  const prices = [
    {
      amount: variant.amountCents,
      sale_amount: variant.saleAmountCents,
      currency_code: variant.currencyCode,
      currency: storeCurrencyFor(variant.currencyCode),
    },
  ];
  return {
    id: variant.id,
    title: variant.title,
    image_url: variant.imageUrl,
    sku: variant.sku,
    prices,
    manage_inventory: variant.manageInventory,
    weight: variant.weight,
    options,
    inventory_quantity: availableUnits(variant),
    ...deriveVariantPrice({ prices }),
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Variants with their products, as stored now: what a checkout prices its lines from. */
export async function variantsWithProducts(db: Database | Transaction, variantIds: string[]) {
  return db
    .select({ variant: storeVariants, product: storeProducts })
    .from(storeVariants)
    .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.productId))
    .where(inArray(storeVariants.id, variantIds));
}
