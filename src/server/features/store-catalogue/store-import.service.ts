import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { StoreImportProduct } from '@shared/store/store-import.schema';
import type { Database, Transaction } from '../../db/client';
import { invalidateCatalogue } from './store-catalogue.service';
import {
  storeAdditionalInfo,
  storeImages,
  storeOptions,
  storeOptionValues,
  storeProducts,
  storeVariants,
} from './store-catalogue.table';

/**
 * Writes catalogue products (already validated with StoreCatalogueFile) in ONE
 * transaction; a product whose id exists is replaced. Used by the demo seeder,
 * `npm run store:import` and the tests. Rows are inserted in batches.
 */
export async function importStoreCatalogue(
  db: Database,
  products: StoreImportProduct[],
): Promise<{ products: number; variants: number }> {
  const result = await db.transaction((tx) => writeCatalogue(tx, products));
  // Fresh planner statistics, so a bulk import does not leave the catalogue on sequential scans.
  await db.execute(
    sql`ANALYZE store_products, store_variants, store_options, store_option_values, store_images, store_additional_info`,
  );
  invalidateCatalogue(db);
  return result;
}

async function writeCatalogue(
  tx: Transaction,
  products: StoreImportProduct[],
): Promise<{ products: number; variants: number }> {
  const productRows: (typeof storeProducts.$inferInsert)[] = [];
  const variantRows: (typeof storeVariants.$inferInsert)[] = [];
  const optionRows: (typeof storeOptions.$inferInsert)[] = [];
  const valueRows: (typeof storeOptionValues.$inferInsert)[] = [];
  const imageRows: (typeof storeImages.$inferInsert)[] = [];
  const infoRows: (typeof storeAdditionalInfo.$inferInsert)[] = [];

  products.forEach((product, productIndex) => {
    const productId = product.id ?? randomUUID();
    productRows.push({
      id: productId,
      title: product.title,
      subtitle: product.subtitle ?? null,
      ribbonText: product.ribbon_text ?? null,
      description: product.description,
      thumbnail: product.thumbnail ?? product.images[0]?.url ?? null,
      status: product.status,
      purchasable: product.purchasable,
      sortOrder: product.order ?? productIndex,
      siteProductSelection: product.site_product_selection ?? null,
      typeValue: product.type?.value ?? null,
      metadata: product.metadata,
    });
    // Option ids are scoped to the file's product; stored ids must be unique.
    const optionIds = new Map<string, string>();
    product.options.forEach((option, position) => {
      const id = `${productId}:${option.id}`;
      optionIds.set(option.id, id);
      optionRows.push({ id, productId, position, title: option.title });
    });
    product.variants.forEach((variant, position) => {
      const variantId = variant.id ?? randomUUID();
      const price = variant.prices[0]!;
      variantRows.push({
        id: variantId,
        productId,
        position,
        title: variant.title,
        imageUrl: variant.image_url ?? null,
        sku: variant.sku ?? null,
        amountCents: price.amount,
        saleAmountCents: price.sale_amount ?? null,
        currencyCode: price.currency_code.toLowerCase(),
        weight: variant.weight ?? null,
        manageInventory: variant.manage_inventory,
        quantity: variant.inventory_quantity,
        reserved: 0,
      });
      for (const value of variant.options) {
        valueRows.push({
          optionId: optionIds.get(value.option_id)!,
          variantId,
          value: value.value,
        });
      }
    });
    product.images.forEach((image, position) => {
      imageRows.push({
        productId,
        url: image.url,
        position: image.order ?? position,
        type: image.type,
      });
    });
    product.additional_info.forEach((info, position) => {
      infoRows.push({
        productId,
        position: info.order ?? position,
        title: info.title,
        description: info.description,
      });
    });
  });

  const ids = productRows.map((row) => row.id!);
  for (const chunk of chunks(ids, 1000)) {
    await tx.delete(storeProducts).where(inArray(storeProducts.id, chunk));
  }
  for (const chunk of chunks(productRows, 500)) await tx.insert(storeProducts).values(chunk);
  for (const chunk of chunks(variantRows, 500)) await tx.insert(storeVariants).values(chunk);
  for (const chunk of chunks(optionRows, 500)) await tx.insert(storeOptions).values(chunk);
  for (const chunk of chunks(valueRows, 500)) await tx.insert(storeOptionValues).values(chunk);
  for (const chunk of chunks(imageRows, 500)) await tx.insert(storeImages).values(chunk);
  for (const chunk of chunks(infoRows, 500)) await tx.insert(storeAdditionalInfo).values(chunk);
  return { products: productRows.length, variants: variantRows.length };
}

function chunks<T>(items: T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
