import { Order, OrderChannel } from '../orders/orders.schema';
import { OrderStatusSchema } from '../order-status';
import { Product, UpdateProductBody } from '../products/products.schema';
import { z } from '../zod';

/** The public API /api/v1 (API.md "Integrations"; docs/integrations.md). */

export const PUBLIC_API_MESSAGES = {
  cursorInvalid: 'El cursor no es válido: usa el next_cursor de una respuesta anterior.',
  limitInvalid: 'limit debe ser un número entero entre 1 y 100.',
  updatedSinceInvalid:
    'updated_since debe ser una fecha y hora ISO 8601 (por ejemplo 2026-03-01T00:00:00Z).',
  orderNotFound: 'No encontramos ese pedido.',
  productNotFound: 'No encontramos ese producto.',
} as const;

/** `Idempotency-Key` on POST and PATCH under /api/v1 and /api/company (API.md "Idempotency"). */
export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'Idempotency-Key debe tener entre 1 y 255 caracteres visibles.',
  keyReused:
    'Esta Idempotency-Key ya se usó con otra solicitud. Usa una clave nueva para cada operación.',
  keyInUse:
    'Una solicitud con esta Idempotency-Key todavía está en curso. Reintenta en unos segundos.',
} as const;

/** Opaque to clients: base64url of `<change>.<id>` (features/integrations/change-feed.ts). */
const Cursor = z
  .string({ error: PUBLIC_API_MESSAGES.cursorInvalid })
  .max(200, PUBLIC_API_MESSAGES.cursorInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, PUBLIC_API_MESSAGES.cursorInvalid);

const Limit = z.coerce
  .number({ error: PUBLIC_API_MESSAGES.limitInvalid })
  .int(PUBLIC_API_MESSAGES.limitInvalid)
  .min(1, PUBLIC_API_MESSAGES.limitInvalid)
  .max(100, PUBLIC_API_MESSAGES.limitInvalid);

const UpdatedSince = z.iso
  .datetime({ offset: true, error: PUBLIC_API_MESSAGES.updatedSinceInvalid })
  .transform((value) => new Date(value));

/** GET /api/v1/products */
export const V1ListQuery = z.object({
  updated_since: UpdatedSince.optional(),
  limit: Limit.default(50),
  cursor: Cursor.optional(),
});
export type V1ListQuery = z.output<typeof V1ListQuery>;

/** GET /api/v1/orders */
export const V1OrderListQuery = V1ListQuery.extend({
  status: OrderStatusSchema.optional(),
  channel: OrderChannel.optional(),
});
export type V1OrderListQuery = z.output<typeof V1OrderListQuery>;

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    /** Keep it and send it back as `cursor`: the next page, or later the changes since. */
    next_cursor: z.string().nullable(),
    /** Whether more changes are ready now (ask again at once) or the client is up to date. */
    has_more: z.boolean(),
  });
}

export const V1OrderPage = pageOf(Order);
export type V1OrderPage = z.infer<typeof V1OrderPage>;
export const V1ProductPage = pageOf(Product);
export type V1ProductPage = z.infer<typeof V1ProductPage>;

/** PATCH /api/v1/products/:id: the panel's rules (the price is fixed once created). */
export const V1UpdateProductBody = UpdateProductBody.pick({
  stock: true,
  price_cents: true,
  is_active: true,
}).strict();

export const V1OrderParams = z.object({ id: z.uuid({ error: PUBLIC_API_MESSAGES.orderNotFound }) });
export const V1ProductParams = z.object({
  id: z.uuid({ error: PUBLIC_API_MESSAGES.productNotFound }),
});
