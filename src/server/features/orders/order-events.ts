import { countsAsSale, isUnpaid, type OrderStatus } from '@shared/order-status';
import type { Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { recordProductEvents } from '../products/product-events';
import { findProduct } from '../products/products.service';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import type { OrderTransition } from './order-workflow';
import { toOrderDtos } from './orders-query.service';
import type { LinkOrderRow } from './orders.service';

/** The order as the API answers it, read in the change's transaction. */
async function orderObject(tx: Transaction, storage: Storage, order: LinkOrderRow) {
  const [dto] = await toOrderDtos(tx, storage, [order]);
  return dto;
}

/** `order.created`, in the transaction that writes the order. */
export async function recordOrderCreated(
  tx: Transaction,
  storage: Storage,
  order: LinkOrderRow,
  at?: Date,
): Promise<void> {
  await recordWebhookEvent(tx, {
    companyId: order.companyId,
    type: 'order.created',
    objectKey: `order:${order.id}`,
    object: () => orderObject(tx, storage, order),
    ...(at ? { at } : {}),
  });
}

function holdsNoUnits(status: OrderStatus): boolean {
  return !isUnpaid(status) && !countsAsSale(status);
}

/**
 * Step 10 of a status change (order-workflow.ts): `order.status_changed` with
 * the status it left; and `product.out_of_stock` when an order coming back
 * (reopened, paid after expiring) took the product's last units.
 */
export function orderEventsStep(storage: () => Storage) {
  return async ({ tx, order, previous, at }: OrderTransition): Promise<void> => {
    await recordWebhookEvent(tx, {
      companyId: order.companyId,
      type: 'order.status_changed',
      objectKey: `order:${order.id}`,
      previousStatus: previous,
      object: () => orderObject(tx, storage(), order),
      ...(at ? { at } : {}),
    });
    if (holdsNoUnits(previous) && !holdsNoUnits(order.status)) {
      const product = await findProduct(tx, order.productId);
      if (product?.stock === 0) {
        await recordProductEvents(tx, storage(), {
          product,
          stockBefore: order.quantity,
          edited: false,
          ...(at ? { at } : {}),
        });
      }
    }
  };
}
