import { z } from './zod';

/** spec 02 §4: the five order statuses, in the order filters show them. */
export const ORDER_STATUSES = [
  'pending_payment',
  'pending_transfer',
  'approved',
  'delivered',
  'refunded',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const OrderStatusSchema = z.enum(ORDER_STATUSES, { error: 'Estado de pedido inválido.' });

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Pendiente de Pago',
  pending_transfer: 'Pendiente de Transf.',
  approved: 'Completado',
  delivered: 'Entregado',
  refunded: 'Reintegrado',
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
  pending: 'amber',
  rejected: 'rose',
};

export function orderStatusTone(status: string): StatusTone {
  return (STATUS_TONES as Record<string, StatusTone>)[status] ?? 'slate';
}

export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
