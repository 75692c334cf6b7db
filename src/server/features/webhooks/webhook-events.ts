import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { WEBHOOK_TEST_EVENT, WebhookEventType } from '@shared/integrations/webhooks.schema';
import type { Database, Transaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table';

/** An event a change causes, as the feature that changes something describes it. */
export interface WebhookEventInput<L extends Lookups = Lookups> {
  companyId: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /**
   * What the event is about (`order:<id>`, `product:<id>`): an endpoint gets
   * the events about one object in the order they happened.
   */
  objectKey: string;
  /**
   * Values the object needs from the database (a party's name, say), read in
   * the same statement that finds the listening endpoints, so a listened-to
   * event costs the change one read and one write.
   */
  lookups?: L;
  /** The object as the API answers it; built only when some endpoint listens. */
  object: (looked: { [K in keyof L]: L[K] extends SQL<infer V> ? V : never }) => unknown;
  /** `order.status_changed`: the status it left. */
  previousStatus?: string;
  /** When it happened, when not now (demo history). */
  at?: Date;
  /** Only this endpoint, whatever it listens to (the test event). */
  endpointId?: string;
}

type Lookups = Record<string, SQL<unknown>>;

export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records an event for every active endpoint of the company that listens to
 * it, in the caller's transaction (an outbox: the event exists exactly when
 * the change does). With no endpoint listening it costs one indexed read and
 * writes nothing. Answers the event's id, or null when nobody listens.
 */
export async function recordWebhookEvent<L extends Lookups>(
  tx: Transaction | Database,
  input: WebhookEventInput<L>,
): Promise<string | null> {
  const lookups = input.lookups ?? ({} as L);
  const targets = await tx
    .select({ id: webhookEndpoints.id, ...lookups })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, input.companyId),
        eq(webhookEndpoints.isActive, true),
        input.endpointId
          ? eq(webhookEndpoints.id, input.endpointId)
          : sql`${input.type} = any(${webhookEndpoints.events})`,
      ),
    );
  if (targets.length === 0) return null;
  const id = newEventId();
  const createdAt = input.at ?? new Date();
  const body = JSON.stringify({
    id,
    type: input.type,
    created_at: createdAt.toISOString(),
    data: {
      object: await input.object(
        targets[0] as unknown as Parameters<WebhookEventInput<L>['object']>[0],
      ),
      ...(input.previousStatus !== undefined ? { previous_status: input.previousStatus } : {}),
    },
  });
  // The event and its deliveries in one statement: it rides on the change's own transaction.
  await tx.execute(sql`
    with event as (
      insert into ${webhookEvents} (id, company_id, type, body, created_at)
      values (${id}, ${input.companyId}, ${input.type}, ${body}, ${createdAt.toISOString()}::timestamptz)
      returning id
    )
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, object_key)
    select target, event.id, ${input.type}, ${input.objectKey}
    from event, unnest(${sql.param(targets.map((target) => target.id))}::text[]) as target`);
  return id;
}
