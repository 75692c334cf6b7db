import { ROLES } from '../accounts/accounts.schema';
import { ADMIN_SETTABLE_STATUSES } from '../order-status';
import { listOf, PageQuery } from '../pagination';
import { Product } from '../products/products.schema';
import { OrderChannel, OrderListFilters } from '../orders/orders.schema';
import { withPeriod } from '../period';
import { z } from '../zod';

/** spec 02 §8: the admin order texts, exactly. */
export const ADMIN_ORDER_MESSAGES = {
  changeFailed: 'No se pudo cambiar el estado del pedido. Inténtalo de nuevo.',
  historyWarning: 'El estado se actualizó, pero no se pudo guardar en el historial.',
  historyFailed: 'No se pudo cargar el historial de seguimiento.',
  statusInvalid: 'Elige un estado: Pendiente de Pago, Completado, Entregado o Reintegrado.',
} as const;

const AdminOrderFilters = OrderListFilters.extend({
  company_id: z.string().trim().max(64).optional(),
  seller_id: z.string().trim().max(64).optional(),
  /** `link` (payment links) or `store` (the storefront's cart); both when absent. */
  channel: OrderChannel.optional(),
});
export const AdminOrderListQuery = withPeriod(AdminOrderFilters);
export type AdminOrderListQuery = z.input<typeof AdminOrderListQuery>;

/** The filters of the admin's CSV export: the list's, without paging. */
export const AdminOrderExportQuery = withPeriod(
  AdminOrderFilters.omit({ page: true, page_size: true }),
);

export const PatchOrderBody = z.object({
  status: z.enum(ADMIN_SETTABLE_STATUSES, { error: ADMIN_ORDER_MESSAGES.statusInvalid }),
});

export const OrderHistory = z.object({
  items: z.array(
    z.object({
      status: z.string(),
      changed_by: z.string(),
      changed_by_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type OrderHistory = z.infer<typeof OrderHistory>;

export const AdminProductQuery = PageQuery.extend({
  q: z.string().trim().max(120, 'La búsqueda puede tener hasta 120 caracteres.').optional(),
  company_id: z.string().trim().max(64).optional(),
});

export const AdminProduct = Product.extend({
  company: z.object({ id: z.string(), name: z.string() }),
});
export const AdminProductList = listOf(AdminProduct);
export type AdminProduct = z.infer<typeof AdminProduct>;
export type AdminProductList = z.infer<typeof AdminProductList>;

export const AdminUserQuery = PageQuery.extend({
  role: z.enum(ROLES, { error: 'Rol inválido.' }).optional(),
  q: z.string().trim().max(120, 'La búsqueda puede tener hasta 120 caracteres.').optional(),
});

export const AdminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  company: z.string().nullable(),
  province: z.string().nullable(),
  points: z.number().int(),
  sales: z.number().int(),
  created_at: z.string(),
  has_identity_document: z.boolean(),
  /** A seller's open risk flags (Riesgo): their payouts are held while any is open. */
  open_risk_flags: z.number().int(),
  /** A seller banned for confirmed fraud: cannot sign in; their links sell without a seller. */
  banned: z.boolean(),
});
export const AdminUserList = listOf(AdminUser);
export type AdminUser = z.infer<typeof AdminUser>;
export type AdminUserList = z.infer<typeof AdminUserList>;

/**
 * GET /api/admin/audit: who changed what, before and after, and when (newest
 * first), as the route declares it.
 */
export const AuditQuery = PageQuery.extend({
  actor_id: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
  target_id: z.string().trim().max(64).optional(),
  /** An order's reference (VM-…, with or without the prefix, any case) or its id. */
  order: z.string().trim().max(64, 'Escribe la referencia del pedido (VM-…) o su ID.').optional(),
});

export const AuditEntry = z.object({
  id: z.number().int(),
  actor_id: z.string(),
  actor_name: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  /** What people know the target by: an order's reference, a company's name, a batch's number. */
  target_label: z.string().nullable(),
  /** A second line about the target: an order's product. */
  target_detail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditList = listOf(AuditEntry);
export type AuditList = z.infer<typeof AuditList>;
