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
   * Values the object needs from the database (a party's name, say): read by
   * the statement that writes the event, where they are spliced into its body
   * as JSON, so a change costs one statement whether anyone listens or not.
   */
  lookups?: L;
  /**
   * The object as the API answers it. Each lookup's value must appear in it
   * as it is given (a field's whole value), since the statement puts the
   * value read in its place.
   */
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

/** Marks a lookup's place in the body; the nonce keeps any written text from taking its form. */
const MARK_NONCE = randomBytes(9).toString('base64url');
const markOf = (name: string) => `\u0000${MARK_NONCE}:${name}\u0000`;

/**
 * The body as the SQL that writes it: the JSON text with each lookup's value
 * spliced in where its mark stands (`null` when the lookup finds nothing).
 */
function bodySql(body: string, lookups: Lookups): SQL {
  const marks = Object.keys(lookups).map((name) => ({
    name,
    text: JSON.stringify(markOf(name)),
  }));
  const parts: SQL[] = [];
  let rest = body;
  for (;;) {
    let next: { name: string; text: string; at: number } | null = null;
    for (const mark of marks) {
      const at = rest.indexOf(mark.text);
      if (at >= 0 && (next === null || at < next.at)) next = { ...mark, at };
    }
    if (!next) break;
    parts.push(sql`${rest.slice(0, next.at)}::text`);
    parts.push(sql`coalesce(to_json(${lookups[next.name]})::text, 'null')`);
    rest = rest.slice(next.at + next.text.length);
  }
  parts.push(sql`${rest}::text`);
  return sql.join(parts, sql` || `);
}

/**
 * Records an event for every active endpoint of the company that listens to
 * it, in the caller's transaction (an outbox: the event exists exactly when
 * the change does), in one statement: it finds the listening endpoints and,
 * when there are any, writes the event (its lookups read there) and one
 * delivery per endpoint. With nobody listening it writes nothing. Answers
 * the event's id, or null when nobody listens.
 */
export async function recordWebhookEvent<L extends Lookups>(
  tx: Transaction | Database,
  input: WebhookEventInput<L>,
): Promise<string | null> {
  const lookups = input.lookups ?? ({} as L);
  const marked = Object.fromEntries(Object.keys(lookups).map((name) => [name, markOf(name)]));
  const id = newEventId();
  const createdAt = input.at ?? new Date();
  const body = JSON.stringify({
    id,
    type: input.type,
    created_at: createdAt.toISOString(),
    data: {
      object: input.object(marked as Parameters<WebhookEventInput<L>['object']>[0]),
      ...(input.previousStatus !== undefined ? { previous_status: input.previousStatus } : {}),
    },
  });
  const listens = and(
    eq(webhookEndpoints.companyId, input.companyId),
    eq(webhookEndpoints.isActive, true),
    input.endpointId
      ? eq(webhookEndpoints.id, input.endpointId)
      : sql`${input.type} = any(${webhookEndpoints.events})`,
  );
  const result = await tx.execute<{ event_id: string }>(sql`
    with target as (
      select ${webhookEndpoints.id} as id from ${webhookEndpoints} where ${listens}
    ), event as (
      insert into ${webhookEvents} (id, company_id, type, body, created_at)
      select ${id}, ${input.companyId}, ${input.type}, ${bodySql(body, lookups)},
        ${createdAt.toISOString()}::timestamptz
      where exists (select 1 from target)
      returning id
    )
    insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, object_key)
    select target.id, event.id, ${input.type}, ${input.objectKey}
    from target, event
    returning event_id`);
  const rows = (result as unknown as { rows: { event_id: string }[] }).rows;
  return rows.length > 0 ? id : null;
}
