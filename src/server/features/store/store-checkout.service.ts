import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { formatStoreMoney } from '@shared/money';
import {
  STORE_CHECKOUT_LIMIT_MESSAGES,
  STORE_CHECKOUT_MESSAGES,
  type StoreCheckoutRequest,
} from '@shared/store/store.schema';
import {
  CHECKOUT_PAGE_MESSAGES,
  type CheckoutBuyer,
  type CheckoutSummary,
} from '@shared/store/checkout.schema';
import { storeCurrencyFor } from '@shared/store/store-price';
import type { Config } from '../../config/env';
import type { Database, Transaction } from '../../db/client';
import { countRowsBy } from '../../db/count-rows';
import { AppError } from '../../lib/app-error';
import { clientKey, lockClient } from '../../lib/client-key';
import type { PlatformScope } from '../../lib/scope';
import { paidAsOrdered } from '../payments/payment-outcome.service';
import { invalidateCatalogue } from './store-catalogue.service';
import { storeOrderLines, storeOrders, storeProducts, storeVariants } from './store.table';

type OrderRow = typeof storeOrders.$inferSelect;
type LineRow = typeof storeOrderLines.$inferSelect;
type Executor = Database | Transaction;

/** Statuses that hold reserved stock. */
const HOLDING = ['reserved', 'pending_payment', 'pending_transfer'] as const;
/**
 * Every held status expires when its time runs out: a reservation after
 * STORE_RESERVATION_MINUTES, a transfer that never arrived after
 * STORE_TRANSFER_HOLD_HOURS. Money that still arrives later is honoured.
 */
const EXPIRING = HOLDING;

export interface StoreCheckoutDeps {
  db: Database;
  config: Config;
  stripe: Stripe | undefined;
  now?: () => Date;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Units this client holds in open checkouts (reserved, being paid or waiting for a transfer). */
async function unitsHeldBy(tx: Transaction, key: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ units: sql<string>`coalesce(sum(${storeOrderLines.quantity}), 0)` })
    .from(storeOrderLines)
    .innerJoin(storeOrders, eq(storeOrders.id, storeOrderLines.orderId))
    .where(
      and(
        eq(storeOrders.clientKey, key),
        eq(storeOrderLines.reservesStock, true),
        inArray(storeOrders.status, [...HOLDING]),
        gt(storeOrders.reservedUntil, now),
      ),
    );
  return Number(row?.units ?? 0);
}

function sameOrigin(url: string, appUrl: string): boolean {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/**
 * POST /store/:storeId/checkout: re-checks every line against the database,
 * reserves the stock with conditional updates in ONE transaction and opens a
 * store order; answers the link to our hosted checkout page.
 */
export async function createStoreCheckout(
  deps: StoreCheckoutDeps,
  input: StoreCheckoutRequest,
  client: { address: string },
): Promise<{ url: string; orderId: string }> {
  const { db, config } = deps;
  if (input.items.length === 0) {
    throw AppError.validation(STORE_CHECKOUT_MESSAGES.emptyCart);
  }
  for (const field of ['successUrl', 'cancelUrl'] as const) {
    if (!sameOrigin(input[field], config.appUrl)) {
      throw AppError.validation(`${field} must be an address on ${config.appUrl}.`, {
        [field]: `${field} must be an address on this site.`,
      });
    }
  }
  if (!config.store.stripe && !config.store.bank) {
    throw new AppError('PAYMENTS_UNAVAILABLE', CHECKOUT_PAGE_MESSAGES.paymentsUnavailable, 503);
  }

  // One line per variant; sorted so concurrent orders lock rows in the same order.
  const quantities = new Map<string, number>();
  for (const item of input.items) {
    quantities.set(item.variant_id, (quantities.get(item.variant_id) ?? 0) + item.quantity);
  }
  const variantIds = [...quantities.keys()].sort();
  const limits = config.store.limits;
  if ([...quantities.values()].some((quantity) => quantity > limits.unitsPerItem)) {
    throw new AppError(
      'ITEM_LIMIT',
      STORE_CHECKOUT_LIMIT_MESSAGES.itemLimit(limits.unitsPerItem),
      400,
    );
  }
  const units = [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0);
  if (units > limits.unitsPerOrder) {
    throw new AppError(
      'ORDER_LIMIT',
      STORE_CHECKOUT_LIMIT_MESSAGES.orderLimit(limits.unitsPerOrder),
      400,
    );
  }
  const token = randomBytes(32).toString('base64url');
  const now = deps.now?.() ?? new Date();
  const holder = clientKey(client.address, config.appSecret);

  const orderId = await db.transaction(async (tx) => {
    // One client's checkouts queue here, so two at once cannot both slip under the cap.
    await lockClient(tx, holder);
    const alreadyHeld = await unitsHeldBy(tx, holder, now);

    const rows = await tx
      .select({ variant: storeVariants, product: storeProducts })
      .from(storeVariants)
      .innerJoin(storeProducts, eq(storeProducts.id, storeVariants.productId))
      .where(inArray(storeVariants.id, variantIds));
    const byId = new Map(rows.map((row) => [row.variant.id, row]));

    const lines: Omit<LineRow, 'id' | 'orderId'>[] = [];
    let currency: string | undefined;
    for (const variantId of variantIds) {
      const quantity = quantities.get(variantId) ?? 0;
      const row = byId.get(variantId);
      if (!row) {
        throw new AppError(
          'VARIANT_NOT_FOUND',
          `Product variant ${variantId} does not exist.`,
          404,
        );
      }
      const { variant, product } = row;
      const name = `${product.title} (${variant.title})`;
      if (!product.purchasable || product.status !== 'published' || product.deletedAt) {
        throw AppError.conflict(`${name} is not available for purchase.`);
      }
      const lineCurrency = variant.currencyCode.toLowerCase();
      if (currency && currency !== lineCurrency) {
        throw AppError.validation('All products in one order must share the same currency.');
      }
      currency = lineCurrency;

      if (variant.manageInventory) {
        // The conditional update is the reservation: it cannot take more than exists.
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
        if (reserved.length === 0) {
          const [current] = await tx
            .select({ quantity: storeVariants.quantity, reserved: storeVariants.reserved })
            .from(storeVariants)
            .where(eq(storeVariants.id, variantId));
          const left = Math.max((current?.quantity ?? 0) - (current?.reserved ?? 0), 0);
          throw new AppError(
            'INSUFFICIENT_STOCK',
            `Not enough stock for ${product.title} (${variant.title}). Only ${left} left.`,
            409,
          );
        }
      }
      lines.push({
        productId: product.id,
        variantId,
        productTitle: product.title,
        variantTitle: variant.title,
        imageUrl: variant.imageUrl ?? product.thumbnail,
        // Prices come from the database, never from the browser.
        unitPriceCents: variant.saleAmountCents ?? variant.amountCents,
        quantity,
        reservesStock: variant.manageInventory,
      });
    }

    const reserving = lines
      .filter((line) => line.reservesStock)
      .reduce((sum, line) => sum + line.quantity, 0);
    if (reserving > 0 && alreadyHeld + reserving > limits.heldUnitsPerAddress) {
      throw new AppError(
        'RESERVATION_LIMIT',
        STORE_CHECKOUT_LIMIT_MESSAGES.reservationLimit(alreadyHeld, limits.heldUnitsPerAddress),
        429,
      );
    }

    const total = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
    const [order] = await tx
      .insert(storeOrders)
      .values({
        tokenHash: hashToken(token),
        status: 'reserved',
        currency: currency ?? 'eur',
        totalCents: total,
        clientKey: holder,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        locale: input.locale ?? null,
        timeZone: input.timeZone ?? null,
        reservedUntil: new Date(now.getTime() + config.store.reservationMinutes * 60_000),
      })
      .returning({ id: storeOrders.id });
    if (!order) throw new Error('insert returned no order');
    await tx.insert(storeOrderLines).values(lines.map((line) => ({ ...line, orderId: order.id })));
    return order.id;
  });
  invalidateCatalogue(db);

  return {
    orderId,
    url: `${config.appUrl}/checkout/${orderId}?token=${encodeURIComponent(token)}`,
  };
}

/** The order behind a checkout link; a wrong token is the same as no order (404). */
async function findOrder(db: Executor, orderId: string, token: string): Promise<OrderRow> {
  const [order] = await db.select().from(storeOrders).where(eq(storeOrders.id, orderId));
  const expected = order ? Buffer.from(order.tokenHash, 'hex') : Buffer.alloc(32);
  const given = Buffer.from(hashToken(token), 'hex');
  if (!order || !timingSafeEqual(expected, given)) {
    throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  }
  return order;
}

/** Gives the reserved units of an order back; only the caller that moved the status does this. */
async function releaseStock(tx: Transaction, orderId: string): Promise<void> {
  const lines = await tx
    .select()
    .from(storeOrderLines)
    .where(and(eq(storeOrderLines.orderId, orderId), eq(storeOrderLines.reservesStock, true)));
  for (const line of lines) {
    await tx
      .update(storeVariants)
      .set({ reserved: sql`greatest(${storeVariants.reserved} - ${line.quantity}, 0)` })
      .where(eq(storeVariants.id, line.variantId));
  }
}

/**
 * Moves an order from one of `from` to `to` with a conditional update, so two
 * instances (or a webhook and a sweeper) never both apply the same change.
 */
async function transition(
  tx: Transaction,
  orderId: string,
  from: readonly OrderRow['status'][],
  to: OrderRow['status'],
  extra: Partial<typeof storeOrders.$inferInsert> = {},
): Promise<OrderRow | undefined> {
  const [previous] = await tx
    .select({ status: storeOrders.status })
    .from(storeOrders)
    .where(eq(storeOrders.id, orderId))
    .for('update');
  if (!previous || !from.includes(previous.status)) return undefined;
  const [row] = await tx
    .update(storeOrders)
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.status, previous.status)))
    .returning();
  return row ? { ...row, status: previous.status } : undefined;
}

/** Expires one order whose time ran out; answers whether this call did it. */
export async function expireStoreOrder(db: Database, orderId: string, now: Date): Promise<boolean> {
  const expired = await db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: storeOrders.id })
      .from(storeOrders)
      .where(
        and(
          eq(storeOrders.id, orderId),
          inArray(storeOrders.status, [...EXPIRING]),
          lt(storeOrders.reservedUntil, now),
        ),
      );
    if (!due) return false;
    const moved = await transition(tx, orderId, EXPIRING, 'expired', { closedAt: now });
    if (!moved) return false;
    await releaseStock(tx, orderId);
    return true;
  });
  if (expired) invalidateCatalogue(db);
  return expired;
}

/** The sweeper: releases every unpaid reservation whose time ran out. */
export async function releaseExpiredReservations(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: storeOrders.id })
    .from(storeOrders)
    .where(and(inArray(storeOrders.status, [...EXPIRING]), lt(storeOrders.reservedUntil, now)))
    .limit(200);
  let released = 0;
  for (const { id } of due) {
    if (await expireStoreOrder(db, id, now)) released += 1;
  }
  return released;
}

/** The hosted checkout page's data. An order whose time ran out is expired on the spot. */
export async function getStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
): Promise<CheckoutSummary> {
  const now = deps.now?.() ?? new Date();
  let order = await findOrder(deps.db, orderId, token);
  if ((EXPIRING as readonly string[]).includes(order.status) && order.reservedUntil < now) {
    await expireStoreOrder(deps.db, orderId, now);
    order = await findOrder(deps.db, orderId, token);
  }
  return summarize(deps, order, now);
}

async function summarize(
  deps: StoreCheckoutDeps,
  order: OrderRow,
  now: Date,
): Promise<CheckoutSummary> {
  const lines = await deps.db
    .select()
    .from(storeOrderLines)
    .where(eq(storeOrderLines.orderId, order.id))
    .orderBy(storeOrderLines.productTitle, storeOrderLines.variantTitle);
  const currency = storeCurrencyFor(order.currency);
  const isTransfer = order.paymentProvider === 'transfer';
  return {
    id: order.id,
    status: order.status,
    lines: lines.map((line) => ({
      product_id: line.productId,
      variant_id: line.variantId,
      product_title: line.productTitle,
      variant_title: line.variantTitle,
      image_url: line.imageUrl,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      unit_price_formatted: formatStoreMoney(line.unitPriceCents, currency),
      total_formatted: formatStoreMoney(line.unitPriceCents * line.quantity, currency),
    })),
    currency: order.currency,
    total_cents: order.totalCents,
    total_formatted: formatStoreMoney(order.totalCents, currency),
    reserved_until: order.reservedUntil.toISOString(),
    now: now.toISOString(),
    payment_method: deps.config.store.stripe ? 'stripe' : 'transfer',
    bank: isTransfer ? (deps.config.store.bank ?? null) : null,
    reference: isTransfer ? order.paymentReference : null,
    buyer: order.buyerName
      ? {
          name: order.buyerName,
          email: order.buyerEmail ?? undefined,
          phone: order.buyerPhone ?? undefined,
          ...(order.shippingAddress ?? {}),
        }
      : null,
    success_url: order.successUrl,
    cancel_url: order.cancelUrl,
  };
}

function transferReference(orderId: string): string {
  return `VM-${orderId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

/**
 * The buyer submits their details and pays with the platform's method: a Stripe
 * Checkout Session when Stripe is configured (the browser goes there), otherwise
 * a bank transfer (the order waits for an admin, keeping its reservation).
 */
export async function payStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
  buyer: CheckoutBuyer,
): Promise<{ redirect_url: string | null; summary: CheckoutSummary }> {
  const now = deps.now?.() ?? new Date();
  const current = await getStoreCheckout(deps, orderId, token);
  if (current.status === 'expired') {
    throw new AppError('ORDER_EXPIRED', CHECKOUT_PAGE_MESSAGES.orderExpired, 410);
  }
  const buyerColumns = {
    buyerName: buyer.name,
    buyerEmail: buyer.email.toLowerCase(),
    buyerPhone: buyer.phone,
    shippingAddress: {
      address: buyer.address,
      city: buyer.city,
      postalCode: buyer.postalCode,
      province: buyer.province,
    },
  };

  if (deps.stripe && deps.config.store.stripe) {
    if (current.status !== 'reserved' && current.status !== 'pending_payment') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
    const order = await findOrder(deps.db, orderId, token);
    // A second click reuses the session already open, so a buyer never holds two payable sessions.
    if (order.status === 'pending_payment' && order.paymentReference) {
      const open = await deps.stripe.checkout.sessions.retrieve(order.paymentReference);
      if (open.status === 'open' && open.url) {
        return { redirect_url: open.url, summary: current };
      }
    }
    // Stripe needs at least 30 minutes; the reservation is extended to match the session.
    const expiresAt = new Date(
      Math.max(order.reservedUntil.getTime(), now.getTime() + 31 * 60_000),
    );
    const returnBase = `${deps.config.appUrl}/checkout/${orderId}?token=${encodeURIComponent(token)}`;
    const session = await deps.stripe.checkout.sessions.create({
      mode: 'payment',
      client_reference_id: orderId,
      customer_email: buyer.email,
      metadata: { store_order_id: orderId },
      expires_at: Math.floor(expiresAt.getTime() / 1000),
      success_url: `${returnBase}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: returnBase,
      line_items: current.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: current.currency,
          unit_amount: line.unit_price_cents,
          product_data: { name: `${line.product_title} (${line.variant_title})` },
        },
      })),
    });
    if (!session.url) throw new Error('Stripe answered a session without url');
    const moved = await deps.db.transaction((tx) =>
      transition(tx, orderId, ['reserved', 'pending_payment'], 'pending_payment', {
        ...buyerColumns,
        paymentProvider: 'stripe',
        paymentReference: session.id,
        reservedUntil: new Date(expiresAt.getTime() + 60_000),
      }),
    );
    if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    return { redirect_url: session.url, summary: await getStoreCheckout(deps, orderId, token) };
  }

  if (!deps.config.store.bank) {
    throw new AppError('PAYMENTS_UNAVAILABLE', CHECKOUT_PAGE_MESSAGES.paymentsUnavailable, 503);
  }
  if (current.status === 'pending_transfer') {
    return { redirect_url: null, summary: current };
  }
  if (current.status !== 'reserved') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const moved = await deps.db.transaction((tx) =>
    transition(tx, orderId, ['reserved'], 'pending_transfer', {
      ...buyerColumns,
      paymentProvider: 'transfer',
      paymentReference: transferReference(orderId),
      // The units wait for the transfer, but not forever.
      reservedUntil: new Date(now.getTime() + deps.config.store.transferHoldHours * 3_600_000),
    }),
  );
  if (!moved) throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  return { redirect_url: null, summary: await getStoreCheckout(deps, orderId, token) };
}

/** Cancel on the hosted page: the reservation is released and the buyer returns to cancelUrl. */
export async function cancelStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
): Promise<{ redirect_url: string }> {
  const order = await findOrder(deps.db, orderId, token);
  if (order.status === 'paid') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const cancelled = await deps.db.transaction(async (tx) => {
    const moved = await transition(tx, orderId, HOLDING, 'cancelled', { closedAt: new Date() });
    if (moved) await releaseStock(tx, orderId);
    return moved;
  });
  invalidateCatalogue(deps.db);
  if (!cancelled) {
    // Someone else moved the order first: a confirmation or a payment since we read it
    // must not be answered as a successful cancel. An order already closed stays closed.
    const [current] = await deps.db
      .select({ status: storeOrders.status })
      .from(storeOrders)
      .where(eq(storeOrders.id, orderId));
    if (current?.status !== 'cancelled' && current?.status !== 'expired') {
      throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
    }
  }
  if (cancelled?.status === 'pending_payment' && order.paymentReference && deps.stripe) {
    // Close the Stripe session too, so it cannot be paid later. Best effort: if
    // it was paid meanwhile, the webhook still marks the order paid.
    await deps.stripe.checkout.sessions.expire(order.paymentReference).catch(() => undefined);
  }
  return { redirect_url: order.cancelUrl };
}

/**
 * Marks an order paid once the provider confirmed it: the reserved units leave
 * the stock. An order that had expired or was cancelled takes its units again as
 * far as they exist.
 */
export async function markStoreOrderPaid(
  tx: Transaction,
  orderId: string,
  reference: string | null,
  // By default money a provider received for an order that expired or was cancelled
  // meanwhile still makes it paid.
  from: readonly OrderRow['status'][] = [...HOLDING, 'expired', 'cancelled'],
): Promise<boolean> {
  const moved = await transition(tx, orderId, from, 'paid', {
    paidAt: new Date(),
    ...(reference ? { paymentReference: reference } : {}),
  });
  if (!moved) return false;
  const lines = await tx
    .select()
    .from(storeOrderLines)
    .where(and(eq(storeOrderLines.orderId, orderId), eq(storeOrderLines.reservesStock, true)));
  for (const line of lines) {
    const held = moved.status !== 'expired' && moved.status !== 'cancelled';
    await tx
      .update(storeVariants)
      .set(
        held
          ? {
              quantity: sql`${storeVariants.quantity} - ${line.quantity}`,
              reserved: sql`${storeVariants.reserved} - ${line.quantity}`,
            }
          : {
              quantity: sql`greatest(${storeVariants.quantity} - ${line.quantity}, ${storeVariants.reserved})`,
            },
      )
      .where(eq(storeVariants.id, line.variantId));
  }
  return true;
}

/**
 * Whether a Checkout Session, as Stripe answered it, pays this order: paid,
 * made for it, and for exactly its amount and currency.
 */
export function stripeSessionPays(
  session: Pick<
    Stripe.Checkout.Session,
    'payment_status' | 'amount_total' | 'currency' | 'client_reference_id' | 'metadata'
  >,
  order: { id: string; totalCents: number; currency: string },
): boolean {
  const madeFor = session.metadata?.store_order_id ?? session.client_reference_id;
  return (
    session.payment_status === 'paid' &&
    madeFor === order.id &&
    paidAsOrdered({ amountCents: session.amount_total, currency: session.currency }, order)
  );
}

/**
 * The buyer is back from Stripe: we ask Stripe ourselves whether the session
 * was paid (never the browser's word) and mark the order paid if so.
 */
export async function confirmStripeReturn(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
  sessionId: string,
): Promise<CheckoutSummary> {
  const order = await findOrder(deps.db, orderId, token);
  if (!deps.stripe || order.paymentProvider !== 'stripe' || order.paymentReference !== sessionId) {
    throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  }
  if (order.status !== 'paid') {
    const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
    if (stripeSessionPays(session, order)) {
      await deps.db.transaction((tx) => markStoreOrderPaid(tx, orderId, session.id));
      invalidateCatalogue(deps.db);
    }
  }
  return getStoreCheckout(deps, orderId, token);
}

/** Admin: the platform received the bank transfer of an order. */
export async function confirmStoreTransfer(
  db: Database,
  orderId: string,
): Promise<{ id: string; status: 'paid' }> {
  const result = await db.transaction(async (tx) => {
    // Locked, so a buyer's cancel and this confirmation happen one after the other.
    const [order] = await tx
      .select({ status: storeOrders.status, provider: storeOrders.paymentProvider })
      .from(storeOrders)
      .where(eq(storeOrders.id, orderId))
      .for('update');
    if (!order) throw AppError.notFound('No existe el pedido de la tienda.');
    if (order.status === 'paid') return { id: orderId, status: 'paid' as const };
    // A transfer that arrives after its hold expired is still money received.
    const waiting = order.status === 'pending_transfer' || order.status === 'expired';
    if (!waiting || order.provider !== 'transfer') {
      throw AppError.conflict('El pedido no está esperando una transferencia.');
    }
    // A buyer who cancelled first keeps the order cancelled: the admin is told, not overruled.
    const done = await markStoreOrderPaid(tx, orderId, null, ['pending_transfer', 'expired']);
    if (!done) throw AppError.conflict('El pedido no está esperando una transferencia.');
    return { id: orderId, status: 'paid' as const };
  });
  invalidateCatalogue(db);
  return result;
}

/**
 * Storefront orders waiting for a bank transfer (or whose hold ran out before
 * it came), newest first: every buyer's, so the caller says so with the platform scope.
 */
export async function listStoreTransfers(db: Database, _everyBuyer: PlatformScope, limit = 100) {
  const rows = await db
    .select({
      id: storeOrders.id,
      status: storeOrders.status,
      totalCents: storeOrders.totalCents,
      currency: storeOrders.currency,
      buyerName: storeOrders.buyerName,
      buyerEmail: storeOrders.buyerEmail,
      reference: storeOrders.paymentReference,
      reservedUntil: storeOrders.reservedUntil,
      createdAt: storeOrders.createdAt,
    })
    .from(storeOrders)
    .where(
      and(
        eq(storeOrders.paymentProvider, 'transfer'),
        inArray(storeOrders.status, ['pending_transfer', 'expired']),
      ),
    )
    .orderBy(sql`${storeOrders.createdAt} desc`)
    .limit(limit);
  const linesOf = await countRowsBy(
    db,
    storeOrderLines.orderId,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status as 'pending_transfer' | 'expired',
      total_cents: row.totalCents,
      currency: row.currency,
      buyer_name: row.buyerName,
      buyer_email: row.buyerEmail,
      reference: row.reference,
      lines: linesOf.get(row.id) ?? 0,
      reserved_until: row.reservedUntil.toISOString(),
      created_at: row.createdAt.toISOString(),
    })),
  };
}
