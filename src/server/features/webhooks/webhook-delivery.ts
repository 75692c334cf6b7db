import { createHmac } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { sqlStatement, statementPerDatabase } from '../../db/named-statement';
import { startPoller, type Poller } from '../../lib/poller';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import type { WebhookAnswer, WebhookSender } from './webhook-http';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

/** The endpoint the platform turned off, as the notice about it needs it. */
export interface DisabledEndpoint {
  id: string;
  companyId: string;
  url: string;
  failingSince: Date;
}

export interface DeliveryDeps {
  db: Database;
  secretBox: SecretBox;
  sender: WebhookSender;
  log: FastifyBaseLogger;
  /** Tells the company, in the transaction that turns its endpoint off. */
  onDisabled: (tx: Transaction, endpoint: DisabledEndpoint) => Promise<void>;
  now?: () => Date;
}

export interface DeliveryOptions {
  /** Deliveries taken (and sent at once) per round. */
  batch?: number;
  /** Rounds per run, so one run ends even while events keep coming. */
  rounds?: number;
  /** How long a worker holds what it took; longer than a send may last (10 s). */
  leaseMs?: number;
}

export const DELIVERY_DEFAULTS = {
  batch: 50,
  rounds: 40,
  leaseMs: 60_000,
} satisfies Required<DeliveryOptions>;

/**
 * After the first attempt, the next ones come about 1 min, 5 min, 30 min,
 * 2 h, 6 h and 12 h later (API.md): seven attempts over about 21 hours, then
 * the delivery is `failed` (and can still be retried by hand).
 */
export const RETRY_DELAYS_MS = [
  60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000,
] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An endpoint whose every delivery has failed for this long is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/** Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, keyed by the whole secret. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function secretContext(endpointId: string): string {
  return `webhook:${endpointId}:secret`;
}

interface Taken extends Record<string, unknown> {
  id: number;
  attempts: number;
  endpoint_id: string;
  event_id: string;
  url: string;
  secret_sealed: string;
  /** Set while the endpoint is failing: a success then clears it. */
  failing_since: string | null;
  body: string;
}

/**
 * Leases up to `batch` due deliveries of active endpoints with SKIP LOCKED, so
 * instances share the work and none sends what another holds. A delivery is
 * due only when no earlier delivery to its endpoint about the same object is
 * still pending (being sent, or waiting for its retry): one object's events
 * reach an endpoint in the order they happened. The due ones are found on
 * the pending deliveries' index in the order they fell due (first attempts
 * in the order they were written), then leased by primary key: the plan
 * stays that whatever the table's statistics say, and the delivered ones,
 * the table's bulk, are never read.
 */
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const takeStatement = statementPerDatabase<Taken>('webhook_deliveries_take', (db) =>
  sqlStatement(
    db,
    sql`
    with picked as (
      select c.id from webhook_deliveries as c
      join webhook_endpoints as ce on ce.id = c.endpoint_id and ce.is_active
      where c.status = 'pending' and c.next_attempt_at <= ${at('now')}
        and (c.locked_until is null or c.locked_until <= ${at('now')})
        and not exists (
          select 1 from webhook_deliveries as p
          where p.endpoint_id = c.endpoint_id and p.object_key = c.object_key
            and p.status = 'pending' and p.id < c.id
        )
      order by c.next_attempt_at, c.id
      limit ${sql.placeholder('batch')}::int
      for update of c skip locked
    )
    update ${webhookDeliveries} as d
    set locked_until = ${at('lease')}, attempts = d.attempts + 1
    from picked, webhook_endpoints as e, webhook_events as v
    where d.id = picked.id and e.id = d.endpoint_id and v.id = d.event_id
    returning d.id, d.attempts, d.endpoint_id, d.event_id, e.url, e.secret_sealed,
      e.failing_since, v.body`,
  ),
);

/** See above: prepared once per database (planned once per connection on a server). */
async function take(db: Database, now: Date, lease: Date, batch: number): Promise<Taken[]> {
  const rows = await takeStatement(db).execute({
    now: now.toISOString(),
    lease: lease.toISOString(),
    batch: String(batch),
  });
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

export interface DrainResult {
  delivered: number;
  retried: number;
  failed: number;
}

/**
 * Sends what is due, round after round, until a round finds nothing (or
 * `rounds` have run): each round's deliveries go out at once over kept-open
 * connections, then their outcomes are written, only while this worker still
 * holds them.
 */
export async function drainWebhooks(
  deps: DeliveryDeps,
  options: DeliveryOptions = {},
): Promise<DrainResult> {
  const { batch, rounds, leaseMs } = { ...DELIVERY_DEFAULTS, ...options };
  const result: DrainResult = { delivered: 0, retried: 0, failed: 0 };
  const secrets = new Map<string, string>();
  for (let round = 0; round < rounds; round += 1) {
    const now = deps.now?.() ?? new Date();
    const lease = new Date(now.getTime() + leaseMs);
    const taken = await take(deps.db, now, lease, batch);
    if (taken.length === 0) break;
    const answers = await Promise.all(
      taken.map((delivery) => sendOne(deps, secrets, delivery, now)),
    );
    await record(deps, taken, answers, lease, deps.now?.() ?? new Date(), result);
    // The next round also finds what waited behind this one's deliveries (same object).
  }
  return result;
}

async function sendOne(
  deps: DeliveryDeps,
  secrets: Map<string, string>,
  delivery: Taken,
  now: Date,
): Promise<WebhookAnswer> {
  let secret = secrets.get(delivery.endpoint_id);
  if (secret === undefined) {
    secret = deps.secretBox.open(delivery.secret_sealed, secretContext(delivery.endpoint_id));
    secrets.set(delivery.endpoint_id, secret);
  }
  return deps.sender.send({
    url: delivery.url,
    body: delivery.body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'VendeMas-Webhooks/1.0',
      'vendemas-event-id': delivery.event_id,
      'vendemas-signature': signatureHeader(secret, delivery.body, now),
    },
  });
}

async function record(
  deps: DeliveryDeps,
  taken: Taken[],
  answers: WebhookAnswer[],
  lease: Date,
  now: Date,
  result: DrainResult,
): Promise<void> {
  const delivered = new Map<number, number[]>();
  const answered = new Set<string>();
  const recovered = new Set<string>();
  const failing = new Set<string>();
  for (const [index, delivery] of taken.entries()) {
    const answer = answers[index]!;
    if (answer.ok) {
      const ids = delivered.get(answer.statusCode) ?? [];
      ids.push(delivery.id);
      delivered.set(answer.statusCode, ids);
      if (delivery.failing_since !== null) recovered.add(delivery.endpoint_id);
      answered.add(delivery.endpoint_id);
      result.delivered += 1;
      continue;
    }
    const giveUp = delivery.attempts >= MAX_ATTEMPTS;
    const delay = RETRY_DELAYS_MS[Math.min(delivery.attempts, RETRY_DELAYS_MS.length) - 1]!;
    await deps.db
      .update(webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastStatusCode: answer.statusCode,
        lastError: answer.error,
        lockedUntil: null,
        nextAttemptAt: new Date(now.getTime() + delay),
      })
      .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.lockedUntil, lease)));
    failing.add(delivery.endpoint_id);
    result[giveUp ? 'failed' : 'retried'] += 1;
    deps.log.info(
      { deliveryId: delivery.id, attempts: delivery.attempts, status: answer.statusCode },
      giveUp ? 'webhook descartado tras varios intentos' : 'webhook no entregado: se reintentará',
    );
  }
  for (const [statusCode, ids] of delivered) {
    await deps.db
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: now,
        lastStatusCode: statusCode,
        lastError: null,
        lockedUntil: null,
      })
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.lockedUntil, lease)));
  }
  if (recovered.size > 0) {
    await deps.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(
        and(inArray(webhookEndpoints.id, [...recovered]), isNotNull(webhookEndpoints.failingSince)),
      );
  }
  for (const endpointId of failing) {
    if (!answered.has(endpointId)) await markFailing(deps, endpointId, now);
  }
}

/**
 * Notes since when an endpoint fails; past DISABLE_AFTER_MS it is turned off
 * and its company told, once (the update that turns it off is conditional).
 */
async function markFailing(deps: DeliveryDeps, endpointId: string, now: Date): Promise<void> {
  const [endpoint] = await deps.db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({
      failingSince: webhookEndpoints.failingSince,
      isActive: webhookEndpoints.isActive,
    });
  if (!endpoint?.isActive || !endpoint.failingSince) return;
  if (now.getTime() - endpoint.failingSince.getTime() < DISABLE_AFTER_MS) return;
  await deps.db.transaction(async (tx) => {
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ isActive: false, disabledAt: now, updatedAt: now })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.isActive, true)))
      .returning();
    if (!off) return;
    await recordAudit(tx, {
      actorId: 'system',
      actorName: 'VendeMás',
      action: 'company.webhook_disabled',
      targetType: 'webhook',
      targetId: off.id,
      before: { webhook_url: off.url, webhook_active: 'Sí' },
      after: { webhook_active: 'No' },
      at: now,
    });
    await deps.onDisabled(tx, {
      id: off.id,
      companyId: off.companyId,
      url: off.url,
      failingSince: off.failingSince ?? now,
    });
    deps.log.warn({ endpointId }, 'webhook desactivado: falló durante 3 días');
  });
}

/** Runs `drainWebhooks` every `intervalMs` (never two runs at once in one process) until stopped. */
export function startWebhookWorker(
  deps: DeliveryDeps,
  intervalMs: number,
  options?: DeliveryOptions,
): Poller {
  return startPoller(
    () => drainWebhooks(deps, options),
    intervalMs,
    (error) => deps.log.error({ err: error }, 'la cola de webhooks falló'),
  );
}
