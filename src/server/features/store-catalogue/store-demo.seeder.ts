import { readFileSync } from 'node:fs';
import path from 'node:path';
import { StoreCatalogueFile } from '@shared/store/store-import.schema';
import type { Seeder } from '../../db/seed/seeder';
import { PROJECT_ROOT } from '../../lib/project-root';
import { importStoreCatalogue } from './store-import.service';
import { storeProducts } from './store-catalogue.table';

const DEMO_FILE = path.join(
  PROJECT_ROOT,
  'src/server/features/store-catalogue/demo-catalogue.json',
);

/** The demo storefront: 14 products with images kept in the repo (/catalogue/*.svg). */
export const storeDemoSeeder: Seeder = {
  name: 'store-demo-catalogue',
  async run({ db, log }) {
    if ((await db.$count(storeProducts)) > 0) return;
    const file = StoreCatalogueFile.parse(JSON.parse(readFileSync(DEMO_FILE, 'utf8')));
    const result = await importStoreCatalogue(db, file.products);
    log.info(result, 'demo storefront catalogue created');
  },
};
