import type { FastifyBaseLogger } from 'fastify';
import { formatStoreMoney } from '@shared/money';
import {
  STORE_CHECKOUT_LIMIT_MESSAGES,
  STORE_CHECKOUT_MESSAGES,
  type StoreCheckoutRequest,
} from '@shared/store/store.schema';
import { CHECKOUT_PAGE_MESSAGES, type CheckoutSummary } from '@shared/store/checkout.schema';
import { storeCurrencyFor } from '@shared/store/store-price';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clientKey, lockClient } from '../../lib/client-key';
import { freeVariantUnits, reserve } from '../inventory/inventory.service';
import type { OrderWorkflow } from '../orders/order-workflow';
import type { ProviderConnection } from '../payments/providers';
import { linesOf } from '../orders/orders.service';
import {
  insertStoreOrder,
  storeUnitsHeldBy,
  type NewStoreLine,
} from '../orders/store-channel.service';
import {
  invalidateCatalogue,
  variantsWithProducts,
} from '../store-catalogue/store-catalogue.service';
import { expireStoreOrder, findStoreOrder, isDue, type StoreOrder } from './store-orders.service';
import { storeCheckouts } from './store.table';

/**
 * The storefront's surface over its orders: the cart becomes an order with its
 * units reserved (POST /store/:storeId/checkout) and the hosted checkout page
 * reads it; paying and leaving it are store-payment.service's.
 */
export interface StoreCheckoutDeps {
  db: Database;
  config: Config;
  /** The platform's card gateway (the Stripe adapter, on the platform's account); absent without Stripe. */
  gateway: ProviderConnection | undefined;
  /** The app's order workflow: every status change of a storefront order goes through it. */
  workflow: OrderWorkflow;
  log: FastifyBaseLogger;
  now?: () => Date;
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
  const now = deps.now?.() ?? new Date();
  const holder = clientKey(client.address, config.appSecret);

  const { orderId, token } = await db.transaction(async (tx) => {
    // One client's checkouts queue here, so two at once cannot both slip under the cap.
    await lockClient(tx, holder);
    const alreadyHeld = await storeUnitsHeldBy(tx, holder, now);

    const rows = await variantsWithProducts(tx, variantIds);
    const byId = new Map(rows.map((row) => [row.variant.id, row]));

    const lines: NewStoreLine[] = [];
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
        storeProductId: product.id,
        storeVariantId: variantId,
        title: product.title,
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

    const { order, token } = await insertStoreOrder(tx, {
      lines,
      currency: currency ?? 'eur',
      clientKey: holder,
      expiresAt: new Date(now.getTime() + config.store.reservationMinutes * 60_000),
      createdAt: now,
    });
    await tx.insert(storeCheckouts).values({
      orderId: order.id,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      locale: input.locale ?? null,
      timeZone: input.timeZone ?? null,
    });
    return { orderId: order.id, token };
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
  let found = await findStoreOrder(deps.db, orderId, token);
  if (isDue(found.order, now)) {
    await expireStoreOrder(deps.db, deps.workflow, found.order, now);
    found = await findStoreOrder(deps.db, orderId, token);
  }
  return summarize(deps, found, now);
}

async function summarize(
  deps: StoreCheckoutDeps,
  { order, checkout, status, reservedUntil }: StoreOrder,
  now: Date,
): Promise<CheckoutSummary> {
  const lines = await linesOf(deps.db, order.id);
  const currency = storeCurrencyFor(order.currency);
  const isTransfer = order.provider === 'transferencia';
  return {
    id: order.id,
    status,
    lines: lines.map((line) => ({
      product_id: line.storeProductId ?? '',
      variant_id: line.storeVariantId ?? '',
      product_title: line.title,
      variant_title: line.variantTitle ?? '',
      image_url: line.imageUrl,
      quantity: line.quantity,
      unit_price_cents: line.unitPriceCents,
      unit_price_formatted: formatStoreMoney(line.unitPriceCents, currency),
      total_formatted: formatStoreMoney(line.unitPriceCents * line.quantity, currency),
    })),
    currency: order.currency,
    total_cents: order.totalCents,
    total_formatted: formatStoreMoney(order.totalCents, currency),
    reserved_until: reservedUntil.toISOString(),
    now: now.toISOString(),
    payment_method: deps.config.store.stripe ? 'stripe' : 'transfer',
    bank: isTransfer ? (deps.config.store.bank ?? null) : null,
    reference: isTransfer ? order.externalReference : null,
    buyer: order.buyerName
      ? {
          name: order.buyerName,
          email: order.buyerEmail ?? undefined,
          phone: order.buyerPhone ?? undefined,
          ...(checkout.shippingAddress ?? {}),
        }
      : null,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
  };
}
