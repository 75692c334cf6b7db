import { StoreCatalogueFile } from '../src/shared/store/store-import.schema';
import { openDatabase } from '../src/server/db/client';
import { importStoreCatalogue } from '../src/server/features/store-catalogue/store-import.service';

/**
 * Storefront bench data: `seedStoreBenchCatalogue(dataDir)` writes 1,000
 * products (3 styles each, 2 images, additional info) into the PGlite database
 * in `dataDir` (or the server at `databaseUrl`) BEFORE the server starts; the
 * demo seeder then leaves the catalogue alone. Hit `STORE_BENCH_PATH` on the app.
 */
export const STORE_BENCH_PRODUCTS = 1000;
/** The grid's call: the first page of 20 products with variants, options and images. */
export const STORE_BENCH_PATH = '/api/store/vendemas/products?limit=20&offset=0';

export async function seedStoreBenchCatalogue(
  dataDir: string,
  options: { databaseUrl?: string; count?: number } = {},
): Promise<{ products: number; variants: number; path: string }> {
  const count = options.count ?? STORE_BENCH_PRODUCTS;
  const handle = await openDatabase({ dataDir, databaseUrl: options.databaseUrl });
  try {
    await handle.migrate();
    const styles = ['Sand', 'Sage', 'Midnight'];
    const file = StoreCatalogueFile.parse({
      products: Array.from({ length: count }, (_, i) => ({
        id: `bench-${i}`,
        title: `Bench Product ${i}`,
        subtitle: 'A product for the load test',
        ribbon_text: i % 5 === 0 ? 'Sale' : null,
        description: '<p>Hand-made, sturdy and good-looking. '.repeat(4) + '</p>',
        order: i,
        images: [{ url: '/catalogue/mug-sand.svg' }, { url: '/catalogue/mug-sage.svg' }],
        options: [{ id: 'style', title: 'Style' }],
        variants: styles.map((style, v) => ({
          id: `bench-${i}-${v}`,
          title: style,
          prices: [
            {
              amount: 1000 + ((i * 7 + v * 300) % 9000),
              sale_amount: i % 5 === 0 ? 900 : null,
              currency_code: 'eur',
            },
          ],
          manage_inventory: v !== 2,
          inventory_quantity: 25,
          options: [{ option_id: 'style', value: style }],
        })),
        additional_info: [{ title: 'Care', description: '<p>Wipe clean.</p>' }],
      })),
    });
    const written = await importStoreCatalogue(handle.db, file.products);
    return { ...written, path: STORE_BENCH_PATH };
  } finally {
    await handle.close();
  }
}

// `tsx bench/store-products.ts <dataDir>` seeds a folder by hand.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: tsx bench/store-products.ts <dataDir>');
    process.exit(1);
  }
  seedStoreBenchCatalogue(dir).then(
    (result) => console.log(result),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
