import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { OrderWorkflow } from '../../features/orders/order-workflow';
import type { Database } from '../client';
import { storeDemoSeeder } from '../../features/store-catalogue/store-demo.seeder';
import { demoAccountsSeeder } from '../../features/accounts/demo-accounts.seeder';
import { payDemoSeeder } from './pay-demo.seeder';
import { storeDemoOrdersSeeder } from '../../features/store/store-demo-orders.seeder';

export interface SeedContext {
  db: Database;
  /** What an order's status change does (the app's, so demo changes write ledger and notices). */
  orderWorkflow: OrderWorkflow;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * A demo-data step. Each feature that has demo data adds one here; a step
 * checks for its own rows and does nothing when they exist, so a second start
 * reuses the data.
 */
export interface Seeder {
  name: string;
  run(context: SeedContext): Promise<void>;
}

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
