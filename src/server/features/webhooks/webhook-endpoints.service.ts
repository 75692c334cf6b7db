import { randomBytes, randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  WEBHOOK_MESSAGES,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@shared/integrations/webhooks.schema';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import { checkWebhookUrl, type AddressPolicy, type ResolveHost } from './webhook-address';
import { secretContext } from './webhook-delivery';
import { recordWebhookEvent } from './webhook-events';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table';

/** A company's signed-in person, who manages its endpoints. */
export interface EndpointOwner {
  companyId: string;
  userId: string;
  name: string;
}

export interface EndpointDeps {
  db: Database;
  secretBox: SecretBox;
  policy: AddressPolicy;
  resolve?: ResolveHost;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How many deliveries the log shows, newest first. */
const DELIVERY_LOG_LIMIT = 100;

function toEndpointDto(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    is_active: row.isActive,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

function toDeliveryDto(row: DeliveryRow): WebhookDelivery {
  return {
    id: String(row.id),
    event_id: row.eventId,
    event: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

function auditValues(row: EndpointRow) {
  return {
    webhook_url: row.url,
    webhook_events: row.events.join(', '),
    webhook_active: row.isActive ? 'Sí' : 'No',
  };
}

function ownEndpoint(owner: EndpointOwner, id: string) {
  return and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, owner.companyId));
}

/** `whsec_` and 32 random bytes, as base64url. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * A new endpoint: its address checked (public, https in production), its
 * secret sealed and answered this once; audited.
 */
export async function createWebhookEndpoint(
  deps: EndpointDeps,
  owner: EndpointOwner,
  input: { url: string; events: WebhookEventType[] },
): Promise<CreatedWebhookEndpoint> {
  await checkWebhookUrl(input.url, deps.policy, deps.resolve);
  const secret = newSecret();
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    // One creation at a time per company, so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${owner.companyId}`}))`);
    const [existing] = await tx
      .select({ value: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.companyId, owner.companyId));
    if ((existing?.value ?? 0) >= WEBHOOK_ENDPOINTS_PER_COMPANY) {
      throw new AppError('WEBHOOK_LIMIT', WEBHOOK_MESSAGES.tooMany, 409);
    }
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        companyId: owner.companyId,
        url: input.url,
        events: input.events,
        secretSealed: deps.secretBox.seal(secret, secretContext(id)),
      })
      .returning();
    if (!row) throw new Error('insert returned no endpoint');
    await recordAudit(tx, {
      actorId: owner.userId,
      actorName: owner.name,
      action: 'company.webhook_created',
      targetType: 'webhook',
      targetId: row.id,
      after: auditValues(row),
    });
    const { id: rowId, url, events, is_active, created_at } = toEndpointDto(row);
    return { id: rowId, url, events, is_active, created_at, secret };
  });
}

export async function listWebhookEndpoints(
  db: Database,
  companyId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(toEndpointDto);
}

/**
 * Changes an endpoint's address, events or activity. A new address is checked
 * like a new endpoint's; turning it on again clears the failure clock, so it
 * gets three more days. Audited.
 */
export async function updateWebhookEndpoint(
  deps: EndpointDeps,
  owner: EndpointOwner,
  id: string,
  input: {
    url?: string | undefined;
    events?: WebhookEventType[] | undefined;
    is_active?: boolean | undefined;
  },
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) await checkWebhookUrl(input.url, deps.policy, deps.resolve);
  return deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(ownEndpoint(owner, id))
      .for('update');
    if (!before) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    const reactivated = input.is_active === true && !before.isActive;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: input.events } : {}),
        ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
        ...(reactivated ? { failingSince: null, disabledAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(ownEndpoint(owner, id))
      .returning();
    if (!row) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, {
      actorId: owner.userId,
      actorName: owner.name,
      action: 'company.webhook_updated',
      targetType: 'webhook',
      targetId: row.id,
      before: auditValues(before),
      after: auditValues(row),
    });
    return toEndpointDto(row);
  });
}

/** Deletes an endpoint with its delivery log; audited. */
export async function deleteWebhookEndpoint(
  db: Database,
  owner: EndpointOwner,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(ownEndpoint(owner, id)).returning();
    if (!row) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, {
      actorId: owner.userId,
      actorName: owner.name,
      action: 'company.webhook_deleted',
      targetType: 'webhook',
      targetId: row.id,
      before: auditValues(row),
    });
  });
}

async function requireEndpoint(db: Database, companyId: string, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  if (!row) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
  return row;
}

/** The endpoint's latest deliveries, newest first (another company's endpoint: not found). */
export async function listWebhookDeliveries(
  db: Database,
  companyId: string,
  endpointId: string,
  filters: { status?: WebhookDeliveryStatus | undefined } = {},
): Promise<WebhookDelivery[]> {
  await requireEndpoint(db, companyId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        filters.status ? eq(webhookDeliveries.status, filters.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_LIMIT);
  return rows.map(toDeliveryDto);
}

/**
 * 'Reintentar': the delivery is due again now (a failed one gets one more
 * attempt; a delivered one is sent again). Not while another worker holds it,
 * and not for an endpoint that is off.
 */
export async function retryWebhookDelivery(
  db: Database,
  companyId: string,
  endpointId: string,
  deliveryId: number,
): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(db, companyId, endpointId);
  if (!endpoint.isActive) throw new AppError('WEBHOOK_INACTIVE', WEBHOOK_MESSAGES.inactive, 409);
  const now = new Date();
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} <= ${now})`,
      ),
    )
    .returning();
  if (row) return toDeliveryDto(row);
  const [held] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!held) throw AppError.notFound(WEBHOOK_MESSAGES.deliveryNotFound);
  // Being sent right now: its outcome is on the way.
  return toDeliveryDto(held);
}

/** 'Enviar evento de prueba': a `webhook.test` event to this endpoint only. */
export async function sendTestEvent(
  db: Database,
  companyId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await requireEndpoint(db, companyId, endpointId);
  if (!endpoint.isActive) {
    throw new AppError('WEBHOOK_INACTIVE', WEBHOOK_MESSAGES.testInactive, 409);
  }
  return db.transaction(async (tx) => {
    const eventId = await recordWebhookEvent(tx, {
      companyId,
      type: WEBHOOK_TEST_EVENT,
      // Each test is about itself: one still waiting for its retry holds no later one back.
      objectKey: `test:${randomUUID()}`,
      endpointId,
      object: () => ({
        object: 'webhook_endpoint',
        id: endpointId,
        url: endpoint.url,
        message:
          'Evento de prueba de VendeMás: si lo recibes y la firma es válida, tu endpoint está listo.',
      }),
    });
    const [row] = eventId
      ? await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, eventId))
      : [];
    if (!row) throw AppError.notFound(WEBHOOK_MESSAGES.notFound);
    return toDeliveryDto(row);
  });
}
