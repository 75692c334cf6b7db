import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import type { ActionMail } from '../mail/templates';
import { emailOutbox } from './notifications.table';

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  render: (kind: string, payload: Record<string, unknown>) => Promise<ActionMail | null>;
  log: FastifyBaseLogger;
  now?: () => Date;
}

export interface OutboxOptions {
  batch?: number;
  /** How long a worker holds the messages it took before another may take them. */
  leaseMs?: number;
  maxAttempts?: number;
}

/** 30 s, 1 min, 2 min… up to 1 h between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Sends the e-mails that are due, once each, even with several workers on
 * several instances: a worker takes a batch by locking its rows with
 * `FOR UPDATE SKIP LOCKED` and leasing them (`locked_until`), so no other
 * worker takes them while it sends. A failure is retried later with backoff;
 * after `maxAttempts` the message is marked failed and kept for inspection.
 */
export async function drainOutbox(
  deps: OutboxDeps,
  { batch = 20, leaseMs = 60_000, maxAttempts = 8 }: OutboxOptions = {},
): Promise<{ sent: number; retried: number; failed: number }> {
  const now = deps.now?.() ?? new Date();
  const due = deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(asc(emailOutbox.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const taken = await deps.db
    .update(emailOutbox)
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();

  const result = { sent: 0, retried: 0, failed: 0 };
  for (const message of taken) {
    try {
      const mail = await deps.render(message.kind, message.payload);
      if (mail) await deps.mailer.send({ to: message.toEmail, ...mail });
      await deps.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: deps.now?.() ?? new Date(), lockedUntil: null })
        .where(eq(emailOutbox.id, message.id));
      result.sent += 1;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= maxAttempts;
      await deps.db
        .update(emailOutbox)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lockedUntil: null,
          lastError: reason.slice(0, 500),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
        })
        .where(eq(emailOutbox.id, message.id));
      deps.log.warn(
        { outboxId: message.id, kind: message.kind, attempts: message.attempts, err: reason },
        giveUp ? 'correo descartado tras varios intentos' : 'correo no enviado: se reintentará',
      );
      if (giveUp) result.failed += 1;
      else result.retried += 1;
    }
  }
  return result;
}

/** Runs `drainOutbox` every `intervalMs` (never two runs at once in one process) until stopped. */
export function startOutboxWorker(
  deps: OutboxDeps,
  intervalMs: number,
  options?: OutboxOptions,
): { stop(): Promise<void>; nudge(): void } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = drainOutbox(deps, options)
      .catch((error: unknown) => deps.log.error({ err: error }, 'la cola de correos falló'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    nudge: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
