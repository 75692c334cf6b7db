/**
 * The life of a storefront order, declared once: the table's column, the
 * checkout page's contract and the services all read it from here. Reserved
 * until paid (stock taken), cancelled or expired (stock given back); a bank
 * transfer waits as pending_transfer until it is confirmed.
 */
export const STORE_ORDER_STATUSES = [
  'reserved',
  'pending_payment',
  'pending_transfer',
  'paid',
  'cancelled',
  'expired',
] as const;
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];
