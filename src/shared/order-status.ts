import { z } from './zod';

/**
 * spec 02 §4: the five order statuses, in the order filters show them, plus
 * `expired`: an order nobody paid in time, whose units went back to stock
 * (the spec leaves unpaid orders pending forever, holding stock). A
 * storefront order (channel `store`) also knows `reserved` (its cart is held
 * while the buyer is on the hosted checkout) and `cancelled` (the buyer left).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'pending_transfer',
  'approved',
  'delivered',
  'refunded',
  'expired',
  'reserved',
  'cancelled',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a payment-link order can have (company and seller filters show these). */
export const LINK_ORDER_STATUSES = ORDER_STATUSES.filter(
  (status) => status !== 'reserved' && status !== 'cancelled',
);

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Estado de pedido inválido.' });

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pendiente de Pago',
  pending_transfer: 'Pendiente de Transf.',
  approved: 'Completado',
  delivered: 'Entregado',
  refunded: 'Reintegrado',
  expired: 'Vencido',
  reserved: 'Reservado',
  cancelled: 'Cancelado',
};

/** Statuses an admin may set through the select (spec 02 §4). */
export const ADMIN_SETTABLE_STATUSES = [
  'pending_payment',
  'approved',
  'delivered',
  'refunded',
] as const satisfies readonly OrderStatus[];

export type StatusTone = 'amber' | 'sky' | 'emerald' | 'indigo' | 'rose' | 'slate';

/**
 * Colour of each status badge. spec 02 §4: company and seller views also colour
 * the legacy values `pending` and `rejected`, so they are listed too.
 */
const STATUS_TONES: Record<OrderStatus | 'pending' | 'rejected', StatusTone> = {
  pending_payment: 'amber',
  pending_transfer: 'sky',
  approved: 'emerald',
  delivered: 'indigo',
  refunded: 'rose',
  expired: 'slate',
  reserved: 'amber',
  cancelled: 'slate',
  pending: 'amber',
  rejected: 'rose',
};

export function orderStatusTone(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'slate';
}

export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

/** Statuses whose order counts as a sale and awards points (API.md "Points"). */
export const SALE_STATUSES = ['approved', 'delivered'] as const satisfies readonly OrderStatus[];

export function countsAsSale(status: OrderStatus): boolean {
  return (SALE_STATUSES as readonly string[]).includes(status);
}

/** Statuses whose units are out of stock: every one but an expired, refunded or cancelled order. */
export function holdsStock(status: OrderStatus): boolean {
  return status !== 'expired' && status !== 'refunded' && status !== 'cancelled';
}

/** Statuses of an order placed and not yet paid, whose units are held for it until its time runs out. */
export const UNPAID_STATUSES = [
  'reserved',
  'pending_payment',
  'pending_transfer',
] as const satisfies readonly OrderStatus[];

export function isUnpaid(status: OrderStatus): boolean {
  return (UNPAID_STATUSES as readonly string[]).includes(status);
}
