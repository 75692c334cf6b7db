import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WEBHOOK_TEST_EVENT, WebhookEventType } from '@shared/integrations/webhooks.schema';
import type { Database, Transaction } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from './webhooks.table';

/** An event a change causes, as the feature that changes something describes it. */
export interface WebhookEventInput {
  companyId: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_EVENT;
  /**
   * What the event is about (`order:<id>`, `product:<id>`): an endpoint gets
   * the events about one object in the order they happened.
   */
  objectKey: string;
  /** The object as the API answers it; built only when some endpoint listens. */
  object: () => unknown;
  /** `order.status_changed`: the status it left. */
  previousStatus?: string;
  /** When it happened, when not now (demo history). */
  at?: Date;
  /** Only this endpoint, whatever it listens to (the test event). */
  endpointId?: string;
}

export function newEventId(): string {
  return `evt_${randomBytes(18).toString('base64url')}`;
}

/**
 * Records an event for every active endpoint of the company that listens to
 * it, in the caller's transaction (an outbox: the event exists exactly when
 * the change does). With no endpoint listening it costs one indexed read and
 * writes nothing. Answers the event's id, or null when nobody listens.
 */
export async function recordWebhookEvent(
  tx: Transaction | Database,
  input: WebhookEventInput,
): Promise<string | null> {
  const targets = await tx
    .select({ id: webhookEndpoints.id })
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
      object: await input.object(),
      ...(input.previousStatus !== undefined ? { previous_status: input.previousStatus } : {}),
    },
  });
  await tx
    .insert(webhookEvents)
    .values({ id, companyId: input.companyId, type: input.type, body, createdAt });
  await tx.insert(webhookDeliveries).values(
    targets.map((target) => ({
      endpointId: target.id,
      eventId: id,
      eventType: input.type,
      objectKey: input.objectKey,
    })),
  );
  return id;
}
