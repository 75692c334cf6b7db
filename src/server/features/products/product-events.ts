import type { Transaction } from '../../db/client';
import type { Storage } from '../../lib/storage';
import { recordWebhookEvent } from '../webhooks/webhook-events';
import { toProductDto } from './product-dto';
import type { products } from './products.table';

type ProductRow = typeof products.$inferSelect;

/**
 * The company's webhooks about a product, in the transaction that changed it:
 * `product.updated` for an edit (panel or API), and `product.out_of_stock`
 * when its last unit goes, by an edit or a sale. The object is the product as
 * the API answers it after the change.
 */
export async function recordProductEvents(
  tx: Transaction,
  storage: Storage,
  change: {
    product: ProductRow;
    /** Its stock before the change (null: not known to have had units, so no run-out). */
    stockBefore: number | null;
    /** An edit of the product itself, rather than units a sale took. */
    edited: boolean;
    at?: Date;
  },
): Promise<void> {
  const { product } = change;
  const base = {
    companyId: product.companyId,
    objectKey: `product:${product.id}`,
    object: () => toProductDto(product, storage),
    ...(change.at ? { at: change.at } : {}),
  };
  if (change.edited) await recordWebhookEvent(tx, { ...base, type: 'product.updated' });
  if (product.stock === 0 && (change.stockBefore ?? 0) > 0) {
    await recordWebhookEvent(tx, { ...base, type: 'product.out_of_stock' });
  }
}
