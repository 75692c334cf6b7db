import fc from 'fast-check';
import { LINK_ORDER_STATUSES } from '@shared/order-status';

/** Random status changes of payment-link orders for property tests: which of `orders` orders, and to what status. */
export function statusSteps(orders: number, maxLength: number) {
  return fc.array(
    fc.record({
      order: fc.integer({ min: 0, max: orders - 1 }),
      to: fc.constantFrom(...LINK_ORDER_STATUSES),
    }),
    { minLength: 1, maxLength },
  );
}
