import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { orderAmounts, type OrderAmounts } from '@shared/commission';
import { SALE_STATUSES, type OrderStatus } from '@shared/order-status';
import { ORDER_CHANNEL_LABELS, type Order } from '@shared/orders/orders.schema';
import type { PaymentProvider } from '@shared/payments/payment-methods.schema';
import type { Database, Transaction } from '../../db/client';
import { clientLock } from '../../lib/client-key';
import type { ProductRow } from '../products/products.service';
import { hashBuyerToken, newBuyerToken, newExternalReference } from './order-identity';
import { countOrderIn } from './orders-totals';
import { orderLines, orders, orderStatusHistory, type OrderRow } from './orders.table';
import type { StockLine } from '../inventory/inventory.service';

export type { OrderRow };

/**
 * A payment-link order: the table's CHECK guarantees these columns for channel
 * `link`, and code that only ever sees such orders (a company's or seller's,
 * the payment links' providers, their e-mails) reads them through this type.
 */
export type LinkOrderRow = OrderRow & {
  channel: 'link';
  productId: string;
  companyId: string;
  unitPriceCents: number;
  provider: PaymentProvider;
  buyerName: string;
  buyerEmail: string;
};

export function isLinkOrder(order: OrderRow): order is LinkOrderRow {
  return order.channel === 'link';
}

/** The order as a payment-link order; a storefront order here is a programming error. */
export function asLinkOrder(order: OrderRow): LinkOrderRow {
  if (!isLinkOrder(order)) throw new Error(`order ${order.id} is a storefront order`);
  return order;
}

/** Who changed a status: a user's id, or the system (webhooks, expiry, creation). */
export const SYSTEM = 'system';

export interface NewOrder {
  /** The product as the stock update returned it (its price and commission now). */
  product: ProductRow;
  sellerId: string | null;
  quantity: number;
  /** Its amounts, when the caller already computed them for this product's price and quantity. */
  amounts?: OrderAmounts;
  provider: PaymentProvider;
  status: Extract<OrderStatus, 'pending_payment' | 'pending_transfer'>;
  buyer: { name: string; email: string; phone?: string | undefined };
  expiresAt: Date;
  /** Who placed it (lib/client-key.ts), for the per-address caps; none for demo data. */
  clientKey?: string | null;
  /** An IPv6 buyer's /48 (lib/client-key.ts): its lock is the one taken, and the caps may count it whole. */
  clientPrefixKey?: string | null;
  /** The click it came from (link analytics): the buyer's visitor hash and the click's channel. */
  attribution?: { visitorHash: string; linkSource: string } | null;
  /** When it was placed (now, unless demo data backdates it). */
  createdAt?: Date;
}

/**
 * Writes a new order and its first history row (changed_by `system`) in the
 * caller's transaction, which takes its units with the inventory's `reserveProductUnits` (before or
 * after). The amounts come from the shared commission functions, once, here.
 */
export async function insertOrder(
  tx: Transaction,
  input: NewOrder,
  /** `false`: the caller counts the order in the totals itself, later in the transaction. */
  { countTotals = true }: { countTotals?: boolean } = {},
): Promise<{ order: LinkOrderRow; token: string }> {
  const amounts =
    input.amounts ??
    orderAmounts(input.product.priceCents, input.product.commissionBps, input.quantity);
  const token = newBuyerToken();
  const id = randomUUID();
  // The first history row travels in the same statement (a data-modifying CTE;
  // its foreign key is checked when the statement ends, with the order written).
  const firstStatus = tx.$with('first_status').as(
    tx.insert(orderStatusHistory).values({
      orderId: id,
      status: input.status,
      changedBy: SYSTEM,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    }),
  );
  // Its one line, in the same statement too.
  const line = tx.$with('first_line').as(
    tx.insert(orderLines).values({
      orderId: id,
      productId: input.product.id,
      title: input.product.title,
      unitPriceCents: amounts.totalCents / input.quantity,
      quantity: input.quantity,
    }),
  );
  const [order] = await tx
    .with(firstStatus, line)
    .insert(orders)
    .values({
      id,
      channel: 'link',
      productId: input.product.id,
      productTitle: input.product.title,
      companyId: input.product.companyId,
      sellerId: input.sellerId,
      quantity: input.quantity,
      unitPriceCents: amounts.totalCents / input.quantity,
      commissionBps: input.product.commissionBps,
      totalCents: amounts.totalCents,
      companyCents: amounts.companyCents,
      sellerCents: amounts.sellerCents,
      platformCents: amounts.platformCents,
      provider: input.provider,
      status: input.status,
      externalReference: newExternalReference(),
      buyerName: input.buyer.name,
      buyerEmail: input.buyer.email,
      buyerPhone: input.buyer.phone || null,
      buyerTokenHash: hashBuyerToken(token),
      expiresAt: input.expiresAt,
      clientKey: input.clientKey ?? null,
      clientPrefixKey: input.clientPrefixKey ?? null,
      visitorHash: input.attribution?.visitorHash ?? null,
      linkSource: input.attribution?.linkSource ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt, updatedAt: input.createdAt } : {}),
    })
    .returning({
      ...getTableColumns(orders),
      // The client's lock, taken in this statement rather than one of its own (lib/client-key.ts);
      // an IPv6 client's is its /48's, which its /64s may come to count as one.
      ...(input.clientKey
        ? { clientLocked: clientLock(input.clientPrefixKey ?? input.clientKey) }
        : {}),
    });
  if (!order) throw new Error('insert returned no order');
  const { clientLocked: _locked, ...row } = order as typeof order & { clientLocked?: unknown };
  if (countTotals) await countOrderIn(tx, row, row.status, 1);
  return { order: asLinkOrder(row), token };
}

/** How many /64s of one IPv6 /48 holding units make the /48 one client for the caps. */
export const NETWORKS_PER_PREFIX = 4;

/**
 * Units one client holds in unpaid orders still within their time (card and
 * MercadoPago checkouts as well as transfers): of one product and of all
 * products. An IPv6 client is its /64, or its whole /48 once
 * NETWORKS_PER_PREFIX of the /48's /64s hold units (this order's included).
 * One statement, served by the partial indexes on unpaid orders; an order
 * written earlier in the caller's transaction is counted.
 */
export async function unpaidUnitsOf(
  tx: Transaction,
  client: { key: string; prefixKey: string | null },
  productId: string,
  now: Date,
): Promise<{ product: number; all: number; wholePrefix: boolean }> {
  const own = sql`${orders.clientKey} = ${client.key}`;
  const ofProduct = sql`${orders.productId} = ${productId}`;
  const units = (condition: SQL) =>
    sql<number>`coalesce(sum(${orders.quantity}) filter (where ${condition}), 0)::int`;
  const [row] = await tx
    .select({
      product: units(sql`${own} and ${ofProduct}`),
      all: units(own),
      networks: sql<number>`count(distinct ${orders.clientKey})::int`,
      prefixProduct: units(ofProduct),
      prefixAll: units(sql`true`),
    })
    .from(orders)
    .where(
      and(
        client.prefixKey
          ? or(eq(orders.clientKey, client.key), eq(orders.clientPrefixKey, client.prefixKey))
          : eq(orders.clientKey, client.key),
        eq(orders.channel, 'link'),
        inArray(orders.status, ['pending_payment', 'pending_transfer']),
        gt(orders.expiresAt, now),
      ),
    );
  if (client.prefixKey && (row?.networks ?? 0) >= NETWORKS_PER_PREFIX) {
    return { product: row?.prefixProduct ?? 0, all: row?.prefixAll ?? 0, wholePrefix: true };
  }
  return { product: row?.product ?? 0, all: row?.all ?? 0, wholePrefix: false };
}

export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order's lines, in the order its summary names them. */
export async function linesOf(
  db: Database | Transaction,
  orderId: string,
): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(orderLines.title, orderLines.variantTitle);
}

/** The lines whose units the inventory counts, as it counts them. */
export async function stockLinesOf(tx: Transaction, orderId: string): Promise<StockLine[]> {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      storeVariantId: orderLines.storeVariantId,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.reservesStock, true)))
    .orderBy(orderLines.id);
  return lines.map((line) => ({
    item: line.productId
      ? { kind: 'product', id: line.productId }
      : { kind: 'variant', id: line.storeVariantId ?? '' },
    quantity: line.quantity,
  }));
}

/** A payment-link order by id (the payment links' providers, e-mails and tests read these). */
export async function findOrder(
  db: Database | Transaction,
  id: string,
): Promise<LinkOrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.channel, 'link')));
  return row ? asLinkOrder(row) : null;
}

export async function findOrderByReference(
  db: Database | Transaction,
  reference: string,
): Promise<LinkOrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.externalReference, reference), eq(orders.channel, 'link')));
  return row ? asLinkOrder(row) : null;
}

/** The buyer's payment-link order, when the token of their link matches; otherwise null. */
export async function findBuyerOrder(
  db: Database,
  id: string,
  token: string,
): Promise<LinkOrderRow | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, id),
        eq(orders.channel, 'link'),
        eq(orders.buyerTokenHash, hashBuyerToken(token)),
      ),
    );
  return row ? asLinkOrder(row) : null;
}

export async function setProviderPaymentId(
  db: Database,
  orderId: string,
  providerPaymentId: string,
): Promise<void> {
  await db.update(orders).set({ providerPaymentId }).where(eq(orders.id, orderId));
}

export interface OrderNames {
  companyName: string;
  sellerName: string | null;
}

/** The columns of an order its DTO shows (a list reads only these). */
export const ORDER_DTO_COLUMNS = {
  id: orders.id,
  channel: orders.channel,
  productId: orders.productId,
  productTitle: orders.productTitle,
  companyId: orders.companyId,
  sellerId: orders.sellerId,
  quantity: orders.quantity,
  currency: orders.currency,
  totalCents: orders.totalCents,
  companyCents: orders.companyCents,
  sellerCents: orders.sellerCents,
  platformCents: orders.platformCents,
  provider: orders.provider,
  status: orders.status,
  externalReference: orders.externalReference,
  buyerName: orders.buyerName,
  buyerEmail: orders.buyerEmail,
  buyerPhone: orders.buyerPhone,
  pointsAwarded: orders.pointsAwarded,
  collectedAtSource: orders.collectedAtSource,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

export function toOrderDto(
  row: Pick<OrderRow, keyof typeof ORDER_DTO_COLUMNS>,
  names: OrderNames,
): Order {
  return {
    id: row.id,
    channel: row.channel,
    product_id: row.productId,
    product_title: row.productTitle,
    company_id: row.companyId,
    company_name: row.channel === 'store' ? ORDER_CHANNEL_LABELS.store : names.companyName,
    seller_id: row.sellerId,
    seller_name: names.sellerName,
    quantity: row.quantity,
    currency: row.currency,
    total_cents: row.totalCents,
    company_cents: row.companyCents,
    seller_cents: row.sellerCents,
    platform_cents: row.platformCents,
    provider: row.provider,
    status: row.status,
    external_reference: row.externalReference,
    buyer: { name: row.buyerName, email: row.buyerEmail, phone: row.buyerPhone },
    collected_at_source: row.collectedAtSource,
    points_awarded: row.pointsAwarded,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Sums that must always hold (used by tests and the admin's consistency check). */
export async function sellerTallyFromOrders(
  db: Database,
  sellerId: string,
): Promise<{ points: number; sales: number }> {
  const [row] = await db
    .select({
      points: sql<string>`coalesce(sum(${orders.pointsAwarded}), 0)`,
      sales: sql<string>`count(*) filter (where ${inArray(orders.status, [...SALE_STATUSES])})`,
    })
    .from(orders)
    .where(eq(orders.sellerId, sellerId));
  return { points: Number(row?.points ?? 0), sales: Number(row?.sales ?? 0) };
}
