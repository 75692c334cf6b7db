import { randomBytes } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_MESSAGES,
  type CreateProductBody,
  type Product,
  type ProductList,
  type UpdateProductBody,
} from '@shared/products/products.schema';
import type { Database, Transaction } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  checkImage,
  prepareProductImage,
  PRODUCT_IMAGE_LABEL,
  PRODUCT_IMAGE_TYPES,
} from '../../lib/images';
import type { FormFile } from '../../lib/multipart-form';
import type { CompanyScope } from '../../lib/scope';
import type { Storage } from '../../lib/storage';
import type { CollectorIdNeed } from '@shared/company/company-settings.schema';
import { collectorIdOf } from '../profiles/profiles.service';
import { findCompanyProfile } from '../profiles/company-profile.service';
import { deleteImages, eachFile } from './product-images';
import { toProductDto } from './product-dto';
import { recordProductEvents } from './product-events';
import { products, type ProductImageKeys } from './products.table';

export { toProductDto };

type ProductRow = typeof products.$inferSelect;

/**
 * One page of the products that match, newest first, and how many match in all
 * (not counted again when `knownTotal` is given).
 */
export async function productPage(
  db: Database,
  where: SQL | undefined,
  query: { page: number; page_size: number },
  knownTotal?: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    knownTotal !== undefined
      ? Promise.resolve(knownTotal)
      : db
          .select({ total: sql<number>`count(*)::int` })
          .from(products)
          .where(where)
          .then(([counted]) => counted?.total ?? 0),
  ]);
  return { rows, total };
}

/** `%` and `_` typed by a person are letters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A company's own, not deleted product; anything else is the same 404 (API.md). */
export function ownProduct(scope: CompanyScope, id: string): SQL | undefined {
  return and(eq(products.id, id), eq(products.companyId, scope.id), isNull(products.deletedAt));
}

export async function findOwnProduct(
  db: Database,
  scope: CompanyScope,
  id: string,
): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(ownProduct(scope, id));
  if (!row) throw AppError.notFound(PRODUCT_MESSAGES.notFound);
  return row;
}

export async function listCompanyProducts(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  query: { q?: string | undefined; page: number; page_size: number },
): Promise<ProductList> {
  const where = and(
    eq(products.companyId, scope.id),
    isNull(products.deletedAt),
    query.q ? ilike(products.title, likePattern(query.q)) : undefined,
  );
  const { rows, total } = await productPage(db, where, query);
  return {
    items: rows.map((row) => toProductDto(row, storage)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function getCompanyProduct(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  id: string,
): Promise<Product> {
  return toProductDto(await findOwnProduct(db, scope, id), storage);
}

/** spec 02 §5, §7: the collector id is copied on; `need` says if one is required. */
export async function createProduct(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  input: CreateProductBody & { title: string; price_cents: number; stock: number },
  need: CollectorIdNeed = { collector_id_required: true, connected_collector_id: null },
): Promise<Product> {
  const collectorId =
    need.connected_collector_id ?? collectorIdOf(await findCompanyProfile(db, scope));
  if (!collectorId && need.collector_id_required) {
    throw new AppError('COLLECTOR_ID_REQUIRED', PRODUCT_MESSAGES.collectorRequired, 409);
  }
  const [row] = await db
    .insert(products)
    .values({
      companyId: scope.id,
      title: input.title,
      description: input.description ?? '',
      priceCents: input.price_cents,
      stock: input.stock,
      category: input.category ?? '',
      isActive: input.is_active ?? true,
      commissionBps: input.commission_bps ?? 300,
      providerCollectorId: collectorId,
    })
    .returning();
  if (!row) throw new Error('insert returned no product');
  return toProductDto(row, storage);
}

/**
 * PATCH: description, stock, commission, active flag, and the order of the
 * images (those left out are removed). Title, price and category never change
 * (the schema refuses them).
 */
export async function updateProduct(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  id: string,
  input: UpdateProductBody,
): Promise<Product> {
  const { row, removed } = await db.transaction(async (tx) => {
    // Locked, so the stock it had before the change is the one the change replaced.
    const [current] = await tx.select().from(products).where(ownProduct(scope, id)).for('update');
    if (!current) throw AppError.notFound(PRODUCT_MESSAGES.notFound);
    const images = input.image_urls
      ? reorderedImages(storage, current, input.image_urls)
      : undefined;
    const [updated] = await tx
      .update(products)
      .set({
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.stock !== undefined ? { stock: input.stock } : {}),
        ...(input.commission_bps !== undefined ? { commissionBps: input.commission_bps } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(images ? { images } : {}),
        updatedAt: new Date(),
      })
      .where(ownProduct(scope, id))
      .returning();
    if (!updated) throw AppError.notFound(PRODUCT_MESSAGES.notFound);
    await recordProductEvents(tx, storage, {
      product: updated,
      stockBefore: current.stock,
      edited: true,
    });
    return {
      row: updated,
      removed: images ? current.images.filter((image) => !images.includes(image)) : [],
    };
  });
  await deleteImages(storage, removed);
  return toProductDto(row, storage);
}

/** The product's images in the order given; only its own images, each once. */
function reorderedImages(
  storage: Storage,
  current: ProductRow,
  urls: string[],
): ProductImageKeys[] {
  const byUrl = new Map(current.images.map((image) => [storage.publicUrl(image.display), image]));
  const images = urls.map((url) => {
    const image = byUrl.get(url);
    if (!image) {
      throw AppError.validation(PRODUCT_MESSAGES.imagesOnlyReorder, {
        image_urls: PRODUCT_MESSAGES.imagesOnlyReorder,
      });
    }
    return image;
  });
  if (new Set(images).size !== images.length) {
    throw AppError.validation(PRODUCT_MESSAGES.imagesOnlyReorder, {
      image_urls: PRODUCT_MESSAGES.imagesOnlyReorder,
    });
  }
  return images;
}

/**
 * DELETE: the product disappears from the company, the catalogue and checkout.
 * The row stays (deleted_at) so orders keep naming it; its images are removed.
 */
export async function deleteProduct(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  id: string,
): Promise<void> {
  const current = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(ownProduct(scope, id)).for('update');
    if (!before) throw AppError.notFound(PRODUCT_MESSAGES.notFound);
    const [row] = await tx
      .update(products)
      .set({ deletedAt: new Date(), isActive: false, images: [], updatedAt: new Date() })
      .where(ownProduct(scope, id))
      .returning();
    if (!row) throw AppError.notFound(PRODUCT_MESSAGES.notFound);
    // Systems that mirror the catalogue hear that it is no longer for sale.
    await recordProductEvents(tx, storage, { product: row, stockBefore: null, edited: true });
    return before;
  });
  await deleteImages(storage, current.images);
}

/**
 * POST /products/:id/images: every file is checked and converted first, so a
 * bad one saves nothing; then both sizes are stored and appended in one update
 * that also enforces the per-product maximum.
 */
export async function addProductImages(
  db: Database,
  storage: Storage,
  scope: CompanyScope,
  id: string,
  files: FormFile[],
): Promise<Product> {
  if (files.length === 0) throw AppError.validation(PRODUCT_MESSAGES.noImages);
  const current = await findOwnProduct(db, scope, id);
  if (current.images.length + files.length > MAX_PRODUCT_IMAGES) {
    throw AppError.validation(PRODUCT_MESSAGES.tooManyImages);
  }
  // Every file's kind and pixels first (headers only), so a bad one costs no decoding of the others.
  await eachFile(files, (file) => checkImage(file.data, PRODUCT_IMAGE_TYPES, PRODUCT_IMAGE_LABEL));
  const prepared = await eachFile(files, (file) => prepareProductImage(file.data));

  const added: ProductImageKeys[] = [];
  try {
    for (const image of prepared) {
      const base = `products/${scope.id}/${id}/${randomBytes(8).toString('hex')}`;
      const keys = { display: `${base}-1200.webp`, thumbnail: `${base}-480.webp` };
      await storage.put('public', keys.display, image.display, 'image/webp');
      await storage.put('public', keys.thumbnail, image.thumbnail, 'image/webp');
      added.push(keys);
    }
    const [row] = await db
      .update(products)
      .set({
        images: sql`${products.images} || ${JSON.stringify(added)}::jsonb`,
        updatedAt: new Date(),
      })
      .where(
        and(
          ownProduct(scope, id),
          sql`jsonb_array_length(${products.images}) + ${added.length} <= ${MAX_PRODUCT_IMAGES}`,
        ),
      )
      .returning();
    if (!row) throw AppError.validation(PRODUCT_MESSAGES.tooManyImages);
    return toProductDto(row, storage);
  } catch (error) {
    await deleteImages(storage, added);
    throw error;
  }
}

export type { ProductRow };

/** A product anyone may see: not deleted (active or not, with stock or not). */
export async function findProduct(
  db: Database | Transaction,
  id: string,
): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row ?? null;
}

/** One column of each of these products, by id (deleted ones too). */
async function productColumnById(
  db: Database,
  productIds: string[],
  column: typeof products.companyId | typeof products.title,
): Promise<Map<string, string>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, value: column })
    .from(products)
    .where(inArray(products.id, unique));
  return new Map(rows.map((row) => [row.id, row.value]));
}

/** The company of each of these products (deleted ones too: their links still sell). */
export function companiesOfProducts(db: Database, productIds: string[]) {
  return productColumnById(db, productIds, products.companyId);
}

/** The titles of these products (deleted ones too: their past clicks and orders still show). */
export function productTitles(db: Database, productIds: string[]) {
  return productColumnById(db, productIds, products.title);
}
