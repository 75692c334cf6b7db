import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { startPoller, type Poller } from '../../lib/poller';
import type { Mailer } from '../mail/mailer';
import type { ActionMail } from '../mail/templates';
import { emailOutbox } from './notifications.table';

export interface OutboxDeps {
  db: Database;
  mailer: Mailer;
  render: (kind: string, payload: Record<string, unknown>) => Promise<ActionMail | null>;
  log: FastifyBaseLogger;
  /** The domain of each message's Message-ID (`mailDomain(config)`). */
  messageDomain: string;
  now?: () => Date;
}

export interface OutboxOptions {
  /** The most messages one run sends (one after another). */
  batch?: number;
  /**
   * How long a worker holds the message it took before another may take it.
   * Each message is taken just before it is sent, so this needs to cover one
   * send, not a batch; it must be longer than `sendTimeoutMs`.
   */
  leaseMs?: number;
  /** The longest one send may take; then the SMTP connection is closed and the message retried. */
  sendTimeoutMs?: number;
  maxAttempts?: number;
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * A send may take a minute in all (the SMTP client's own step timeouts are
 * shorter still, mail/mailer.ts), and a message is leased for two.
 */
export const OUTBOX_DEFAULTS = {
  batch: 20,
  leaseMs: 120_000,
  sendTimeoutMs: 60_000,
  maxAttempts: 8,
} satisfies Required<OutboxOptions>;

/** 30 s, 1 min, 2 min… up to 1 h between attempts. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * The same on every attempt at one message (and unique across databases, as
 * it carries the row's creation time), so a server that received a message
 * whose acknowledgement we lost can drop the repeat.
 */
export function outboxMessageId(row: Pick<OutboxRow, 'id' | 'createdAt'>, domain: string): string {
  return `<outbox.${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}

/**
 * Sends the e-mails that are due, once each, even with several workers on
 * several instances and a slow SMTP server: a worker takes one message at a
 * time, locking its row with `FOR UPDATE SKIP LOCKED` and leasing it
 * (`locked_until`) for longer than a send may last, so no other worker takes
 * it while it is being sent. A failure is retried later with backoff; after
 * `maxAttempts` the message is marked failed and kept for inspection.
 */
export async function drainOutbox(
  deps: OutboxDeps,
  options: OutboxOptions = {},
): Promise<{ sent: number; retried: number; failed: number }> {
  const { batch, leaseMs, sendTimeoutMs, maxAttempts } = { ...OUTBOX_DEFAULTS, ...options };
  if (leaseMs <= sendTimeoutMs) {
    throw new Error('the outbox lease must be longer than the send timeout');
  }
  const result = { sent: 0, retried: 0, failed: 0 };
  for (let count = 0; count < batch; count += 1) {
    const message = await takeOne(deps, leaseMs);
    if (!message) break;
    const outcome = await sendOne(deps, message, { sendTimeoutMs, maxAttempts });
    result[outcome] += 1;
  }
  return result;
}

/** Leases the oldest due message that no other worker holds, or answers null. */
async function takeOne(deps: OutboxDeps, leaseMs: number): Promise<OutboxRow | null> {
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
    .limit(1)
    .for('update', { skipLocked: true });
  const [taken] = await deps.db
    .update(emailOutbox)
    .set({
      lockedUntil: new Date(now.getTime() + leaseMs),
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return taken ?? null;
}

async function sendOne(
  deps: OutboxDeps,
  message: OutboxRow,
  { sendTimeoutMs, maxAttempts }: { sendTimeoutMs: number; maxAttempts: number },
): Promise<'sent' | 'retried' | 'failed'> {
  // Written only while this worker still holds the lease it took.
  const mine = and(
    eq(emailOutbox.id, message.id),
    eq(emailOutbox.lockedUntil, message.lockedUntil ?? new Date(0)),
  );
  try {
    const mail = await deps.render(message.kind, message.payload);
    if (mail) {
      await deps.mailer.send(
        { to: message.toEmail, ...mail, messageId: outboxMessageId(message, deps.messageDomain) },
        { signal: AbortSignal.timeout(sendTimeoutMs) },
      );
    }
    const marked = await deps.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: deps.now?.() ?? new Date(), lockedUntil: null })
      .where(mine)
      .returning({ id: emailOutbox.id });
    if (marked.length === 0) {
      // The lease ran out before the send ended (the process was stalled): another worker may
      // send it again, with the same Message-ID.
      deps.log.warn({ outboxId: message.id }, 'correo enviado después de vencer su reserva');
    }
    return 'sent';
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = message.attempts >= maxAttempts;
    const now = deps.now?.() ?? new Date();
    await deps.db
      .update(emailOutbox)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lockedUntil: null,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
      })
      .where(mine);
    deps.log.warn(
      { outboxId: message.id, kind: message.kind, attempts: message.attempts, err: reason },
      giveUp ? 'correo descartado tras varios intentos' : 'correo no enviado: se reintentará',
    );
    return giveUp ? 'failed' : 'retried';
  }
}

/** Runs `drainOutbox` every `intervalMs` (never two runs at once in one process) until stopped. */
export function startOutboxWorker(
  deps: OutboxDeps,
  intervalMs: number,
  options?: OutboxOptions,
): Poller {
  return startPoller(
    () => drainOutbox(deps, options),
    intervalMs,
    (error) => deps.log.error({ err: error }, 'la cola de correos falló'),
  );
}
