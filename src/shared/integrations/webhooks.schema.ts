import { z } from '../zod';

/**
 * A company's webhooks (API.md "Integrations": endpoints, events, deliveries).
 * One schema validates the 'Integraciones' form and the server.
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'product.updated',
  'product.out_of_stock',
  'settlement.statement_ready',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event 'Enviar evento de prueba' sends: only to that endpoint, whatever it listens to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** How each event reads in the panel. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.created': 'Pedido creado',
  'order.status_changed': 'Pedido cambió de estado',
  'product.updated': 'Producto modificado',
  'product.out_of_stock': 'Producto sin stock',
  'settlement.statement_ready': 'Liquidación del mes lista',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pendiente',
  delivered: 'Entregado',
  failed: 'Fallido',
};

/** The most endpoints one company may have. */
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 10;
const URL_MAX_LENGTH = 2000;

export const WEBHOOK_MESSAGES = {
  urlInvalid:
    'Escribe la dirección completa del endpoint, por ejemplo https://erp.miempresa.com.ar/vendemas.',
  urlNotHttps: 'En producción el endpoint debe usar https://.',
  urlCredentials:
    'La dirección no puede llevar usuario ni contraseña: usa la firma para verificar.',
  urlNotAllowed:
    'Esa dirección apunta a una red interna (loopback, privada, link-local o de metadatos): no se permite.',
  urlUnresolvable: 'No encontramos ese dominio. Revisa la dirección del endpoint.',
  eventsRequired: 'Elige al menos un evento.',
  eventInvalid: 'Evento desconocido.',
  notFound: 'No encontramos ese webhook.',
  deliveryNotFound: 'No encontramos esa entrega.',
  tooMany: `Puedes tener hasta ${WEBHOOK_ENDPOINTS_PER_COMPANY} webhooks. Borra uno que no uses.`,
  inactive: 'Este webhook está desactivado. Actívalo para reintentar sus entregas.',
  testInactive: 'Este webhook está desactivado. Actívalo para enviarle un evento de prueba.',
  created: 'Webhook creado. Copia el secreto ahora: no lo vas a volver a ver.',
  updated: 'Webhook actualizado.',
  deleted: 'Webhook borrado.',
  retried: 'Entrega en cola: se reintenta en unos segundos.',
  testSent: 'Evento de prueba en cola: míralo en el registro de entregas.',
  deleteConfirm:
    '¿Borrar este webhook? Deja de recibir eventos y se borra su registro de entregas.',
} as const;

export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: WEBHOOK_MESSAGES.eventInvalid,
});

/**
 * The shape of the address; where it points (public or not) is checked by the
 * server after DNS, when saved and at each delivery.
 */
export const WebhookUrl = z
  .string({ error: WEBHOOK_MESSAGES.urlInvalid })
  .trim()
  .max(URL_MAX_LENGTH, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, WEBHOOK_MESSAGES.urlInvalid)
  .refine((value) => {
    const url = URL.parse(value);
    return !url || (url.username === '' && url.password === '');
  }, WEBHOOK_MESSAGES.urlCredentials);

const WebhookEvents = z
  .array(WebhookEventTypeSchema, { error: WEBHOOK_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENT_TYPES.length, WEBHOOK_MESSAGES.eventsRequired)
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

/** POST /api/company/webhooks */
export const CreateWebhookBody = z.object({ url: WebhookUrl, events: WebhookEvents }).strict();
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

/** PATCH /api/company/webhooks/:id */
export const UpdateWebhookBody = z
  .object({
    url: WebhookUrl.optional(),
    events: WebhookEvents.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBody>;

/** An item of GET /api/company/webhooks. */
export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  is_active: z.boolean(),
  /** Set when the platform turned it off after failing for 3 days (null otherwise). */
  disabled_at: z.string().nullable(),
  /** Since when every delivery has failed (null while it answers). */
  failing_since: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z.array(WebhookEndpoint);

/** 201 of POST /api/company/webhooks: the signing secret, this once. */
export const CreatedWebhookEndpoint = WebhookEndpoint.pick({
  id: true,
  url: true,
  events: true,
  is_active: true,
  created_at: true,
}).extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpoint>;

/** An item of GET /api/company/webhooks/:id/deliveries. */
export const WebhookDelivery = z.object({
  id: z.string(),
  event_id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  /** Why the last attempt failed, in Spanish (never the receiver's answer itself). */
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z.array(WebhookDelivery);

export const WebhookDeliveryQuery = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});

export const WebhookParams = z.object({ id: z.uuid({ error: WEBHOOK_MESSAGES.notFound }) });
export const WebhookDeliveryParams = WebhookParams.extend({
  deliveryId: z
    .string({ error: WEBHOOK_MESSAGES.deliveryNotFound })
    .regex(/^\d{1,18}$/, WEBHOOK_MESSAGES.deliveryNotFound),
});

/** 202 of the retry and test routes: the delivery that is now queued. */
export const QueuedWebhookDelivery = WebhookDelivery;
