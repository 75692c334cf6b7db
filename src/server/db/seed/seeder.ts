import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { OrderWorkflow } from '../../features/orders/order-workflow';
import type { Database } from '../client';

export interface SeedContext {
  db: Database;
  /** What an order's status change does (the app's, so demo changes write ledger and notices). */
  orderWorkflow: OrderWorkflow;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * A demo-data step. Each feature that has demo data adds one to the seed's
 * list (index.ts); a step checks for its own rows and does nothing when they
 * exist, so a second start reuses the data.
 */
export interface Seeder {
  name: string;
  run(context: SeedContext): Promise<void>;
}
