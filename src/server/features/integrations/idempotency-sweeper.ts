import type { FastifyInstance } from 'fastify';
import { sweepIdempotencyKeys } from './idempotency.service';

/** How often idempotency keys past their 24 h are deleted. */
export const IDEMPOTENCY_SWEEP_MS = 60 * 60_000;

/**
 * Deletes idempotency keys past their day every hour while the app is up (a
 * key is also treated as gone past its day when it is claimed again). Safe
 * with several instances; it never keeps the process alive.
 */
export function startIdempotencySweeper(app: FastifyInstance): void {
  const sweep = () => {
    sweepIdempotencyKeys(app.db).then(
      (deleted) => deleted > 0 && app.log.info({ deleted }, 'idempotency keys past their day'),
      (error: unknown) => app.log.warn({ err: error }, 'idempotency key sweep failed'),
    );
  };
  const timer = setInterval(sweep, IDEMPOTENCY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
