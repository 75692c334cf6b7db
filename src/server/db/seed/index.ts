import { storeDemoSeeder } from '../../features/store-catalogue/store-demo.seeder';
import { demoAccountsSeeder } from '../../features/accounts/demo-accounts.seeder';
import { storeDemoOrdersSeeder } from '../../features/store/store-demo-orders.seeder';
import { payDemoSeeder } from './pay-demo.seeder';
import type { SeedContext, Seeder } from './seeder';

const seeders: Seeder[] = [
  demoAccountsSeeder,
  storeDemoSeeder,
  payDemoSeeder,
  storeDemoOrdersSeeder,
];

export async function seedDemoData(context: SeedContext): Promise<void> {
  for (const seeder of seeders) {
    await seeder.run(context);
  }
}
