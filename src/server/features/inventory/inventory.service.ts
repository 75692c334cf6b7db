import { and, eq, isNull, sql, type WithSubquery } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { products } from '../products/products.table';
import { storeVariants } from '../store-catalogue/store-catalogue.table';

/**
 * The units an order holds, for both surfaces, one line at a time: reserve
 * while it is unpaid, commit when it is paid, release when it stops holding.
 *
 * - A payment-link product counts what is left to sell in `products.stock`:
 *   reserving takes the units off at once, committing leaves them off,
 *   releasing puts them back; `held_units` counts those its unpaid orders hold
 *   (up when reserved, down when paid or released).
 * - A storefront variant with managed inventory counts `quantity` on hand and
 *   `reserved` by open orders: reserving raises `reserved`, committing takes the
 *   units off both, releasing lowers `reserved`.
 *
 * Every change is one conditional UPDATE, so it can never take more than
 * exists, whatever runs beside it; the tables' checks say the same. This is the
 * only module that writes those stock columns after a product is saved.
 */
export type StockItem = { kind: 'product'; id: string } | { kind: 'variant'; id: string };

export interface StockLine {
  item: StockItem;
  quantity: number;
}

type ProductRow = typeof products.$inferSelect;

export interface ProductReserveOptions {
  /** An order coming back to life (an approval after it expired) may take units of an inactive product. */
  evenIfInactive?: boolean;
  /** The price guard: only while the product still has the price and commission the order is written with. */
  pricedAs?: Pick<ProductRow, 'priceCents' | 'commissionBps'>;
  /**
   * Writes of the caller's to run in the same statement, as data-modifying
   * CTEs: they happen whether or not units are taken, so the caller must
   * fail its transaction when none are.
   */
  alsoWrite?: readonly WithSubquery[];
  /**
   * The most of the product's stock before the holds (`stock + held_units`)
   * unpaid orders may hold once these units are taken, in basis points
   * (PAY_MAX_UNPAID_SHARE_BPS); absent for an order with a proof of work.
   */
  unpaidShareBps?: number;
}

/**
 * Whether taking `quantity` more units would leave unpaid orders holding more
 * than `shareBps` of the product's stock before the holds. Checked by the
 * reserving UPDATE itself, on the row it locks, so concurrent buyers can never
 * all slip under it; this is the same rule, read back to say why an UPDATE took nothing.
 */
export function exceedsUnpaidShare(
  product: Pick<ProductRow, 'stock' | 'heldUnits'>,
  quantity: number,
  shareBps: number,
): boolean {
  return (product.heldUnits + quantity) * 10_000 > shareBps * (product.stock + product.heldUnits);
}

/**
 * Reserves a payment-link product's units; answers the product as the update
 * left it (its price and commission now), or null when there are not enough,
 * the product is inactive or (with `pricedAs`) its price changed.
 */
export async function reserveProductUnits(
  tx: Transaction,
  productId: string,
  quantity: number,
  options: ProductReserveOptions = {},
): Promise<ProductRow | null> {
  const statement = options.alsoWrite?.length ? tx.with(...options.alsoWrite) : tx;
  const [row] = await statement
    .update(products)
    .set({
      stock: sql`${products.stock} - ${quantity}`,
      heldUnits: sql`${products.heldUnits} + ${quantity}`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(products.id, productId),
        sql`${products.stock} >= ${quantity}`,
        options.unpaidShareBps === undefined
          ? undefined
          : sql`(${products.heldUnits} + ${quantity})::bigint * 10000 <= ${options.unpaidShareBps}::bigint * (${products.stock} + ${products.heldUnits})`,
        options.evenIfInactive
          ? undefined
          : and(eq(products.isActive, true), isNull(products.deletedAt)),
        options.pricedAs
          ? and(
              eq(products.priceCents, options.pricedAs.priceCents),
              eq(products.commissionBps, options.pricedAs.commissionBps),
            )
          : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Where a product's units are for one order: held unpaid, sold, or free (in stock). */
export type UnitsState = 'held' | 'sold' | 'free';

/**
 * Moves a payment-link product's units of one order from one state to
 * another in one conditional UPDATE: `stock` loses them when they leave
 * `free` (false, nothing changed, when fewer are left) and gets them back
 * when they return to it; `held_units` follows them in and out of `held`
 * (never below zero: orders placed before it was counted hold none there).
 */
export async function moveProductUnits(
  tx: Transaction,
  productId: string,
  quantity: number,
  from: UnitsState,
  to: UnitsState,
): Promise<boolean> {
  if (from === to) return true;
  const taken = from === 'free' ? quantity : to === 'free' ? -quantity : 0;
  const held = to === 'held' ? quantity : from === 'held' ? -quantity : 0;
  const moved = await tx
    .update(products)
    .set({
      ...(taken !== 0 ? { stock: sql`${products.stock} - ${taken}`, updatedAt: new Date() } : {}),
      heldUnits: sql`greatest(${products.heldUnits} + ${held}, 0)`,
    })
    .where(
      and(eq(products.id, productId), taken > 0 ? sql`${products.stock} >= ${taken}` : undefined),
    )
    .returning({ id: products.id });
  return moved.length > 0;
}

/** Reserves a storefront variant's units; false when fewer than `quantity` are free. */
async function reserveVariantUnits(
  tx: Transaction,
  variantId: string,
  quantity: number,
): Promise<boolean> {
  const reserved = await tx
    .update(storeVariants)
    .set({ reserved: sql`${storeVariants.reserved} + ${quantity}` })
    .where(
      and(
        eq(storeVariants.id, variantId),
        sql`${storeVariants.quantity} - ${storeVariants.reserved} >= ${quantity}`,
      ),
    )
    .returning({ id: storeVariants.id });
  return reserved.length > 0;
}

/** How many units of a storefront variant are free now (for the buyer's message when they ran out). */
export async function freeVariantUnits(tx: Transaction, variantId: string): Promise<number> {
  const [current] = await tx
    .select({ quantity: storeVariants.quantity, reserved: storeVariants.reserved })
    .from(storeVariants)
    .where(eq(storeVariants.id, variantId));
  return Math.max((current?.quantity ?? 0) - (current?.reserved ?? 0), 0);
}

/** Holds a line's units for an unpaid order; false when there are not enough (nothing changed). */
export async function reserve(
  tx: Transaction,
  line: StockLine,
  options: Pick<ProductReserveOptions, 'evenIfInactive'> = {},
): Promise<boolean> {
  if (line.item.kind === 'variant') return reserveVariantUnits(tx, line.item.id, line.quantity);
  return (await reserveProductUnits(tx, line.item.id, line.quantity, options)) !== null;
}

/**
 * The order is paid: its units leave the stock for good. `held` says whether
 * they were still reserved; a storefront order paid after it expired or was
 * cancelled takes its units again as far as they exist, since the money was
 * received. A payment-link product's units left `stock` when they were
 * reserved (the order workflow reserves them again before an order that
 * stopped holding counts as sold), so there is nothing more to take: held
 * units only stop counting as held.
 */
export async function commit(
  tx: Transaction,
  line: StockLine,
  { held }: { held: boolean },
): Promise<void> {
  const { item, quantity } = line;
  if (item.kind === 'product') {
    if (held) await moveProductUnits(tx, item.id, quantity, 'held', 'sold');
    return;
  }
  await tx
    .update(storeVariants)
    .set(
      held
        ? {
            quantity: sql`${storeVariants.quantity} - ${quantity}`,
            reserved: sql`${storeVariants.reserved} - ${quantity}`,
          }
        : {
            quantity: sql`greatest(${storeVariants.quantity} - ${quantity}, ${storeVariants.reserved})`,
          },
    )
    .where(eq(storeVariants.id, item.id));
}

/** An unpaid order stops holding (expired, cancelled, released, refunded): its units go back. */
export async function release(tx: Transaction, line: StockLine): Promise<void> {
  const { item, quantity } = line;
  if (item.kind === 'product') {
    await moveProductUnits(tx, item.id, quantity, 'held', 'free');
    return;
  }
  await tx
    .update(storeVariants)
    .set({ reserved: sql`greatest(${storeVariants.reserved} - ${quantity}, 0)` })
    .where(eq(storeVariants.id, item.id));
}

/**
 * Sold units come back to stock (an order refunded, or reopened before it is
 * paid again): a payment-link product's to what is left to sell, a storefront
 * variant's to its quantity on hand.
 */
export async function returnUnits(tx: Transaction, line: StockLine): Promise<void> {
  const { item, quantity } = line;
  if (item.kind === 'product') {
    await moveProductUnits(tx, item.id, quantity, 'sold', 'free');
    return;
  }
  await tx
    .update(storeVariants)
    .set({ quantity: sql`${storeVariants.quantity} + ${quantity}` })
    .where(eq(storeVariants.id, item.id));
}
