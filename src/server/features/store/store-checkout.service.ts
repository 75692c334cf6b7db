import { and, eq, gt, inArray, sql } from 'drizzle-orm';
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
import { AppError } from '../../lib/app-error';
import { clientKey, lockClient } from '../../lib/client-key';
import { freeVariantUnits, reserve } from '../inventory/inventory.service';
import { hashBuyerToken, newBuyerToken } from '../orders/order-identity';
import {
  checkoutSessionPays,
  closeCheckoutSession,
  openCheckoutSession,
  openSessionUrl,
  readCheckoutSession,
} from '../payments/providers/stripe';
import {
  invalidateCatalogue,
  variantsWithProducts,
} from '../store-catalogue/store-catalogue.service';
import {
  closeStoreOrder,
  expireStoreOrder,
  findStoreOrder,
  HOLDING,
  isDue,
  markStoreOrderPaid,
  transitionStoreOrder,
  type StoreOrderRow,
} from './store-orders.service';
import { storeOrderLines, storeOrders } from './store.table';

/**
 * The storefront's surface over its orders: the cart becomes an order with its
 * units reserved (POST /store/:storeId/checkout), the hosted checkout page reads
 * it, the buyer pays (a Stripe Checkout Session through the Stripe adapter, or a
 * bank transfer) or cancels, and comes back from Stripe.
 */
type LineRow = typeof storeOrderLines.$inferSelect;

export interface StoreCheckoutDeps {
  db: Database;
  config: Config;
  stripe: Stripe | undefined;
  now?: () => Date;
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
  const token = newBuyerToken();
  const now = deps.now?.() ?? new Date();
  const holder = clientKey(client.address, config.appSecret);

  const orderId = await db.transaction(async (tx) => {
    // One client's checkouts queue here, so two at once cannot both slip under the cap.
    await lockClient(tx, holder);
    const alreadyHeld = await unitsHeldBy(tx, holder, now);

    const rows = await variantsWithProducts(tx, variantIds);
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

      const line = { item: { kind: 'variant', id: variantId }, quantity } as const;
      if (variant.manageInventory && !(await reserve(tx, line))) {
        const left = await freeVariantUnits(tx, variantId);
        throw new AppError(
          'INSUFFICIENT_STOCK',
          `Not enough stock for ${product.title} (${variant.title}). Only ${left} left.`,
          409,
        );
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
        tokenHash: hashBuyerToken(token),
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

/** The hosted checkout page's data. An order whose time ran out is expired on the spot. */
export async function getStoreCheckout(
  deps: StoreCheckoutDeps,
  orderId: string,
  token: string,
): Promise<CheckoutSummary> {
  const now = deps.now?.() ?? new Date();
  let order = await findStoreOrder(deps.db, orderId, token);
  if (isDue(order, now)) {
    await expireStoreOrder(deps.db, orderId, now);
    order = await findStoreOrder(deps.db, orderId, token);
  }
  return summarize(deps, order, now);
}

async function summarize(
  deps: StoreCheckoutDeps,
  order: StoreOrderRow,
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
    const order = await findStoreOrder(deps.db, orderId, token);
    // A second click reuses the session already open, so a buyer never holds two payable sessions.
    if (order.status === 'pending_payment' && order.paymentReference) {
      const open = await openSessionUrl(deps.stripe, order.paymentReference);
      if (open) return { redirect_url: open, summary: current };
    }
    // Stripe needs at least 30 minutes; the reservation is extended to match the session.
    const expiresAt = new Date(
      Math.max(order.reservedUntil.getTime(), now.getTime() + 31 * 60_000),
    );
    const returnBase = `${deps.config.appUrl}/checkout/${orderId}?token=${encodeURIComponent(token)}`;
    const session = await openCheckoutSession(
      deps.stripe,
      {
        id: orderId,
        totalCents: current.total_cents,
        currency: current.currency,
        buyerEmail: buyer.email,
        lines: current.lines.map((line) => ({
          name: `${line.product_title} (${line.variant_title})`,
          quantity: line.quantity,
          unitPriceCents: line.unit_price_cents,
        })),
      },
      {
        expiresAt,
        successUrl: `${returnBase}&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: returnBase,
      },
    );
    const moved = await deps.db.transaction((tx) =>
      transitionStoreOrder(tx, orderId, ['reserved', 'pending_payment'], 'pending_payment', {
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
    transitionStoreOrder(tx, orderId, ['reserved'], 'pending_transfer', {
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
  const order = await findStoreOrder(deps.db, orderId, token);
  if (order.status === 'paid') throw AppError.conflict(CHECKOUT_PAGE_MESSAGES.orderClosed);
  const cancelled = await deps.db.transaction((tx) =>
    closeStoreOrder(tx, orderId, 'cancelled', new Date()),
  );
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
    // Close the Stripe session too, so it cannot be paid later.
    await closeCheckoutSession(deps.stripe, order.paymentReference);
  }
  return { redirect_url: order.cancelUrl };
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
  const order = await findStoreOrder(deps.db, orderId, token);
  if (!deps.stripe || order.paymentProvider !== 'stripe' || order.paymentReference !== sessionId) {
    throw AppError.notFound(CHECKOUT_PAGE_MESSAGES.orderNotFound);
  }
  if (order.status !== 'paid') {
    const session = await readCheckoutSession(deps.stripe, sessionId);
    if (session && checkoutSessionPays(session, order)) {
      await deps.db.transaction((tx) => markStoreOrderPaid(tx, orderId, session.id));
      invalidateCatalogue(deps.db);
    }
  }
  return getStoreCheckout(deps, orderId, token);
}
