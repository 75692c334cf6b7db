import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { recordProductEvents } from '../products/product-events';
import { partyNames } from '../profiles/profiles.service';
import { findProduct } from '../products/products.service';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { unitsState, type OrderTransition } from './order-workflow';
import { toOrderDto, type LinkOrderRow } from './orders.service';

/**
 * The order as the API answers it: the row as the change left it, and its
 * parties' names, read with the listening endpoints (one statement).
 */
function orderEvent(order: LinkOrderRow) {
  return {
    companyId: order.companyId,
    objectKey: `order:${order.id}`,
    lookups: {
      companyName: partyNames.companyName(sql`${order.companyId}`),
      sellerName: partyNames.sellerName(sql`${order.sellerId}`),
    },
    object: (names: { companyName: string; sellerName: string | null }) => toOrderDto(order, names),
  };
}

/** `order.created`, in the transaction that writes the order. */
export async function recordOrderCreated(
  tx: Transaction,
  order: LinkOrderRow,
  at?: Date,
): Promise<void> {
  await recordWebhookEvent(tx, {
    ...orderEvent(order),
    type: 'order.created',
    ...(at ? { at } : {}),
  });
}

/**
 * Step 10 of a status change (order-workflow.ts): `order.status_changed` with
 * the status it left; and `product.out_of_stock` when an order coming back
 * (reopened, paid after expiring) took the product's last units.
 */
export function orderEventsStep(storage: () => Storage) {
  return async ({ tx, order, previous, at }: OrderTransition): Promise<void> => {
    await recordWebhookEvent(tx, {
      ...orderEvent(order),
      type: 'order.status_changed',
      previousStatus: previous,
      ...(at ? { at } : {}),
    });
    if (unitsState(previous) === 'free' && unitsState(order.status) !== 'free') {
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
