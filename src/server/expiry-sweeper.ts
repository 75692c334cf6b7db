import type { FastifyInstance } from 'fastify';
import { expireDueOrders } from './features/orders/order-workflow';

/** How often unpaid orders past their time are looked for. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * One sweeper for every unpaid order, whichever surface placed it: orders past
 * their time expire through the order workflow, which gives their units back
 * through the inventory. Safe with several instances: each order moves with a
 * conditional update from the status it was found in, so a second sweeper
 * changes nothing. Answers how many orders of each surface it closed.
 */
export async function sweepUnpaidOrders(
  app: Pick<FastifyInstance, 'db' | 'orderWorkflow'>,
  now = new Date(),
): Promise<{ link: number; store: number }> {
  return expireDueOrders(app.db, app.orderWorkflow, now);
}

/** Runs the sweeper every minute while the app is up; it never keeps the process alive. */
export function startExpirySweeper(app: FastifyInstance): void {
  const sweep = () => {
    sweepUnpaidOrders(app).then(
      (closed) =>
        closed.link + closed.store > 0 &&
        app.log.info(closed, 'unpaid orders past their time closed'),
      (error: unknown) => app.log.warn({ err: error }, 'unpaid order sweep failed'),
    );
  };
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
