import { orderAmounts, type OrderAmounts } from '@shared/commission';
import { PAY_MESSAGES } from '@shared/orders/orders.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Storage } from '../../lib/storage';
import { exceedsUnpaidShare, reserveProductUnits } from '../inventory/inventory.service';
import { buyerUrlContext } from '../notifications/email-templates';
import { buyerMailQuotaFor, notifyOrderCreated } from '../notifications/notifications.service';
import { recordOrderCreated } from '../orders/order-events';
import { orderCountedIn } from '../orders/orders-totals';
import {
  insertOrder,
  unpaidUnitsOf,
  type NewOrder,
  type LinkOrderRow,
} from '../orders/orders.service';
import { recordProductEvents } from '../products/product-events';
import { findProduct, type ProductRow } from '../products/products.service';
import { orderPlacedSignals } from '../risk/risk-signals';
import { checkHeldUnits, proofOf, requireProof, type OrderClient } from './pay-limits';

/**
 * Writing a payment-link order: the order, its first history row, the
 * buyer's e-mail and the product's units, in one transaction, at the price
 * the product has when its units are taken.
 */

export interface PayInput {
  provider: 'mercadopago' | 'stripe' | 'transferencia';
  ref?: string | undefined;
  quantity: number;
  buyer: { name: string; email: string; phone?: string | undefined };
  /** The total the buyer was shown; a different one now is a 409 PRICE_CHANGED. */
  expected_total_cents?: number | undefined;
  /** The proof-of-work widget's payload, when the server asked for one. */
  challenge?: string | undefined;
  /** The `src` the link was opened with (link analytics). */
  src?: string | undefined;
}

interface PayDeps {
  db: Database;
  config: Config;
  secretBox: SecretBox;
  storage: Storage;
  log: FastifyBaseLogger;
}

/** The buyer's own link to their order's page (the token opens it). */
export function buyerLink(
  appUrl: string,
  page: 'success' | 'transfer',
  order: LinkOrderRow,
  token: string,
) {
  return page === 'transfer'
    ? `${appUrl}/transfer/${order.id}?token=${encodeURIComponent(token)}`
    : `${appUrl}/success?order=${order.id}&token=${encodeURIComponent(token)}`;
}

const samePrice = (a: ProductRow, b: ProductRow) =>
  a.priceCents === b.priceCents && a.commissionBps === b.commissionBps;

/** The product's price or commission changed while its order was being written. */
class Repriced extends Error {
  constructor(readonly product: ProductRow) {
    super('product repriced');
  }
}

/**
 * The company changed the price under the buyer: nothing is written, and the
 * pay page reads the product again to show the new total.
 */
export const priceChanged = () => new AppError('PRICE_CHANGED', PAY_MESSAGES.priceChanged, 409);

/** Attempts at writing an order while its product is being repriced, before asking the buyer. */
const PRICING_ATTEMPTS = 3;

export interface Placement {
  product: ProductRow;
  /** The order's amounts at the product's price, computed once for the request. */
  amounts: OrderAmounts;
  input: PayInput;
  sellerId: string | null;
  client: OrderClient;
  /** The click it came from (link analytics), when known. */
  attribution?: NewOrder['attribution'];
  status: NewOrder['status'];
  expiresAt: Date;
  now: Date;
}

/**
 * Writes the order and takes its units in one transaction. Everything the
 * order writes goes first and touches no row other buyers need. The two rows
 * every buyer of this product shares (its stock, and its company's totals) are
 * updated last, in one statement, so concurrent buyers queue only for it and
 * the commit. The stock update also checks the order was priced with the
 * product's current price and commission; if the company changed them
 * meanwhile, the order is written again at the new price (or, for a buyer who
 * was shown a total, refused with PRICE_CHANGED). Without a proof of work it
 * also checks, on the product's row it locks, that unpaid orders would hold
 * at most PAY_MAX_UNPAID_SHARE_BPS of the stock: concurrent buyers queue on
 * that row, and each sees the units the ones before it took.
 */
export async function placeOrder(
  deps: Pick<PayDeps, 'db' | 'config' | 'secretBox' | 'storage' | 'log'>,
  placement: Placement,
) {
  const { input, client, now } = placement;
  const { limits } = deps.config.pay;
  const productId = placement.product.id;
  const mailQuota = buyerMailQuotaFor(
    input.buyer.email,
    deps.config.appSecret,
    deps.config.pay.buyerMailsPerHour,
  );
  const place = (priced: ProductRow, amounts: OrderAmounts) =>
    deps.db.transaction(async (tx) => {
      const created = await insertOrder(
        tx,
        {
          product: priced,
          amounts,
          sellerId: placement.sellerId,
          quantity: input.quantity,
          provider: input.provider,
          status: placement.status,
          buyer: input.buyer,
          expiresAt: placement.expiresAt,
          clientKey: client.key,
          clientPrefixKey: client.prefixKey,
          attribution: placement.attribution ?? null,
        },
        { countTotals: false },
      );
      const proof = await proofOf(tx, client);
      // Writing the order took the client's lock, so what it holds is counted after its
      // earlier orders committed, this one included; a refused order never waits for the stock.
      checkHeldUnits({
        held: await unpaidUnitsOf(tx, client, productId, now),
        quantity: input.quantity,
        limits,
        proof,
      });
      // What the order tells the risk center about its seller (never stops the order).
      await orderPlacedSignals(tx, created.order, {
        thresholds: deps.config.risk,
        now,
        onError: (error) =>
          deps.log.error(
            { err: error, orderId: created.order.id },
            'risk signals of an order failed',
          ),
      });
      // The buyer's e-mail carries their own link; it is kept sealed until it is sent.
      const link = buyerLink(deps.config.appUrl, 'transfer', created.order, created.token);
      const mailed = await notifyOrderCreated(
        tx,
        created.order,
        deps.secretBox.seal(link, buyerUrlContext(created.order.id)),
        mailQuota,
      );
      // The product's stock and the company's totals in one statement: if no units are
      // taken the transaction fails below, and the totals go with it.
      const share = proof === 'proven' ? undefined : limits.unpaidShareBps;
      const sold = await reserveProductUnits(tx, productId, input.quantity, {
        pricedAs: priced,
        alsoWrite: orderCountedIn(tx, created.order, created.order.status),
        unpaidShareBps: share,
      });
      if (!sold) {
        const again = await findProduct(tx, productId);
        if (!again?.isActive) {
          throw new AppError('PRODUCT_UNAVAILABLE', PAY_MESSAGES.productUnavailable, 409);
        }
        if (again.stock < input.quantity) {
          throw new AppError('OUT_OF_STOCK', PAY_MESSAGES.outOfStock, 409);
        }
        if (
          share !== undefined &&
          samePrice(again, priced) &&
          exceedsUnpaidShare(again, input.quantity, share)
        ) {
          requireProof(proof);
        }
        throw new Repriced(again);
      }
      // The company's systems hear of the order, and of the product running out with it.
      await recordOrderCreated(tx, created.order);
      await recordProductEvents(tx, deps.storage, {
        product: sold,
        stockBefore: sold.stock + input.quantity,
        edited: false,
      });
      return { ...created, mailed };
    });
  let priced = placement.product;
  let amounts = placement.amounts;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await place(priced, amounts);
    } catch (error) {
      if (!(error instanceof Repriced)) throw error;
      // A buyer who saw a total is asked about the new one; otherwise the order is
      // written at the new price, unless the company keeps changing it. Units let go
      // between the refused update and the read after it change no price: tried again.
      if (
        attempt >= PRICING_ATTEMPTS ||
        (input.expected_total_cents !== undefined && !samePrice(error.product, priced))
      ) {
        throw priceChanged();
      }
      priced = error.product;
      amounts = orderAmounts(priced.priceCents, priced.commissionBps, input.quantity);
    }
  }
}
