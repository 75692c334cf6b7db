import type { FastifyBaseLogger } from 'fastify';
import { buyerPriceCents, orderAmounts } from '@shared/commission';
import {
  PAY_MESSAGES,
  type PayChallenge,
  type BuyerOrder,
  type PayPage,
  type PayResponse,
  type TransferDetails,
} from '@shared/orders/orders.schema';
import type { Config } from '../../config/env';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { clientKey, clientKeys } from '../../lib/client-key';
import type { LinkAnalytics } from '../analytics/link-analytics';
import type { SecretBox } from '../../lib/secret-box';
import type { Storage } from '../../lib/storage';
import {
  findBuyerOrder,
  setProviderPaymentId,
  SYSTEM,
  type LinkOrderRow,
} from '../orders/orders.service';
import { transitionOrder, type OrderWorkflow } from '../orders/order-workflow';
import { sellerOfLink } from '../orders/seller-links.service';
import { confirmReturn } from '../payments/payment-confirmation.service';
import {
  activeMethodsOf,
  methodWithSecrets,
  type ActiveMethod,
} from '../payments/payment-methods.service';
import { renewConnection } from './connection-upkeep';
import { paymentProvider } from '../payments/providers';
import { findProduct, type ProductRow } from '../products/products.service';
import { profileSummaries } from '../profiles/profiles.service';
import { createPayChallenge, verifyPayChallenge } from './pay-challenge';
import { type OrderClient } from './pay-limits';
import { buyerLink, placeOrder, priceChanged, type PayInput } from './place-order';

export interface PayDeps {
  db: Database;
  /** What an order's status change does besides its own steps (app.ts). */
  orderWorkflow: OrderWorkflow;
  config: Config;
  storage: Storage;
  secretBox: SecretBox;
  log: FastifyBaseLogger;
  /** Link analytics: the click an order comes from (absent: orders carry none). */
  linkAnalytics?: LinkAnalytics;
  now?: () => Date;
}

const notFound = () => new AppError('PRODUCT_NOT_FOUND', PAY_MESSAGES.productNotFound, 404);

/**
 * GET /api/public/pay/:productId/challenge: a proof-of-work challenge for an
 * order of this product by this client (asked for only past a cap: the units
 * the client holds unpaid, or the product's unpaid share).
 */
export async function getPayChallenge(
  deps: PayDeps,
  productId: string,
  from: PayClient,
): Promise<PayChallenge> {
  const product = await findProduct(deps.db, productId);
  if (!product || !product.isActive) throw notFound();
  return createPayChallenge(
    { appSecret: deps.config.appSecret, ...deps.config.pay.challenge },
    productId,
    clientKey(from.address, deps.config.appSecret),
    deps.now?.() ?? new Date(),
  );
}

/** GET /api/public/pay/:productId: what the buyer sees on a seller's link. */
export async function getPayPage(
  deps: PayDeps,
  productId: string,
  ref: string | undefined,
): Promise<PayPage> {
  const product = await findProduct(deps.db, productId);
  if (!product || !product.isActive || product.stock <= 0) throw notFound();
  const sellerId = await sellerOfLink(deps.db, productId, ref);
  const names = await profileSummaries(
    deps.db,
    [product.companyId, ...(sellerId ? [sellerId] : [])],
    deps.storage,
  );
  const company = names.get(product.companyId);
  const seller = sellerId ? names.get(sellerId) : undefined;
  const methods = await activeMethodsOf(deps.db, product.companyId);
  return {
    product: {
      id: product.id,
      title: product.title,
      description: product.description,
      image_urls: product.images.map((image) => deps.storage.publicUrl(image.display)),
      buyer_price_cents: buyerPriceCents(product.priceCents, product.commissionBps),
      stock: product.stock,
      max_quantity: Math.min(product.stock, deps.config.pay.limits.unitsPerOrder),
    },
    company: { name: company?.company ?? company?.name ?? '', logo_url: company?.logoUrl ?? null },
    seller: seller ? { name: seller.name } : null,
    methods: methods.map((method) =>
      method.provider === 'stripe' && method.config.publishableKey
        ? { provider: method.provider, publishable_key: method.config.publishableKey }
        : { provider: method.provider },
    ),
  };
}

/** Where the order comes from (request.ip: the proxy's client with TRUST_PROXY). */
export interface PayClient {
  address: string;
  /** The browser's user agent, for the visitor hash the order's click is found by. */
  userAgent?: string;
}

/** Gives the units back at once when the provider could not start the payment. */
async function abandon(deps: PayDeps, order: LinkOrderRow): Promise<void> {
  await transitionOrder(deps.db, deps.orderWorkflow, {
    orderId: order.id,
    scope: { kind: 'company', id: order.companyId },
    to: 'expired',
    from: ['pending_payment'],
    changedBy: SYSTEM,
  });
}

/** A connected account's method with a token renewed when it runs out soon; null when the connection broke. */
async function usableMethod(deps: PayDeps, method: ActiveMethod): Promise<ActiveMethod | null> {
  if (method.connection !== 'oauth') return method;
  // A Stripe connection has no token to renew: it charges once its onboarding is done.
  if (method.provider !== 'mercadopago') {
    return method.connectionStatus === 'connected' ? method : null;
  }
  const renewed = await renewConnection(
    {
      db: deps.db,
      secretBox: deps.secretBox,
      pay: deps.config.pay,
      appUrl: deps.config.appUrl,
      log: deps.log,
    },
    method.id,
  );
  if (!renewed || renewed.method.broken) return null;
  return renewed.method;
}

/**
 * The company's account at the buyer's gateway, refused before any unit is
 * held: a 409 when the company takes no payments, not this method, or its
 * method lacks what the gateway needs.
 */
async function gatewayFor(deps: PayDeps, product: ProductRow, input: PayInput) {
  const method = await methodWithSecrets(
    deps.db,
    deps.secretBox,
    product.companyId,
    input.provider,
  );
  if (!method?.isActive) {
    // Only a refusal needs to know whether the company has any method at all.
    const active = await activeMethodsOf(deps.db, product.companyId);
    if (active.length === 0) {
      throw new AppError('NO_PAYMENT_METHODS', PAY_MESSAGES.noMethods, 409);
    }
    throw new AppError('METHOD_UNAVAILABLE', PAY_MESSAGES.methodUnavailable, 409);
  }
  const usable = await usableMethod(deps, method);
  if (!usable) throw new AppError('METHOD_UNAVAILABLE', PAY_MESSAGES.methodUnavailable, 409);
  const provider = paymentProvider(input.provider);
  const gateway = provider.connect({ ...deps, pay: deps.config.pay }, usable);
  if (!gateway) throw provider.notConnected();
  return { provider, gateway };
}

/**
 * POST /api/public/pay/:productId: checks the order can be paid (limits, the
 * product, the total the buyer saw, the company's gateway), writes it with its
 * units in one transaction, then asks the chosen gateway for the next step. If
 * the gateway fails the order expires at once and its units go back.
 */
export async function startPayment(
  deps: PayDeps,
  productId: string,
  input: PayInput,
  from: PayClient,
): Promise<PayResponse> {
  const now = deps.now?.() ?? new Date();
  const { limits } = deps.config.pay;
  if (input.quantity > limits.unitsPerOrder) {
    throw new AppError('ORDER_LIMIT', PAY_MESSAGES.quantityInvalid(limits.unitsPerOrder), 400);
  }
  const product = await findProduct(deps.db, productId);
  if (!product) throw notFound();
  if (!product.isActive) {
    throw new AppError('PRODUCT_UNAVAILABLE', PAY_MESSAGES.productUnavailable, 409);
  }
  // The order's amounts, computed once: the total the buyer saw is checked against them and they are stored.
  const amounts = orderAmounts(product.priceCents, product.commissionBps, input.quantity);
  const expected = input.expected_total_cents;
  if (expected !== undefined && amounts.totalCents !== expected) throw priceChanged();
  const { provider, gateway } = await gatewayFor(deps, product, input);
  const sellerId = await sellerOfLink(deps.db, productId, input.ref);
  const keys = clientKeys(from.address, deps.config.appSecret);
  const client: OrderClient = {
    ...keys,
    challenge:
      input.challenge === undefined
        ? undefined
        : await verifyPayChallenge(deps.config, input.challenge, productId, keys.key),
  };
  const expiresAt = new Date(now.getTime() + provider.holdMs(deps.config.pay));
  const attribution = deps.linkAnalytics
    ? await deps.linkAnalytics.attribute({
        address: from.address,
        userAgent: from.userAgent ?? '',
        productId,
        src: input.src,
        at: now,
      })
    : null;
  const { order, token, mailed } = await placeOrder(deps, {
    product,
    amounts,
    input,
    sellerId,
    client,
    attribution,
    status: provider.waitingStatus,
    expiresAt,
    now,
  });

  const appUrl = deps.config.appUrl;
  try {
    const started = await gateway.start({
      channel: 'link',
      order,
      product,
      appUrl,
      successUrl: buyerLink(appUrl, 'success', order, token),
      transferUrl: buyerLink(appUrl, 'transfer', order, token),
      mailed,
      now,
      expiresAt,
    });
    if (started.providerPaymentId) {
      await setProviderPaymentId(deps.db, order.id, started.providerPaymentId);
    }
    return {
      order_id: order.id,
      status: order.status,
      token,
      next: started.next,
      buyer_email_sent: started.buyerEmailSent,
    };
  } catch (error) {
    // The gateway could not start the payment (the adapter logged why): the units go back now.
    await abandon(deps, order);
    throw error;
  }
}

/**
 * GET /api/public/orders/:orderId?token=…: the buyer's order. Coming back
 * from a provider (`payment_intent` from Stripe, `payment_id` from
 * MercadoPago) the server asks that provider before answering, so /success
 * shows the real status; an unpaid order past its time expires on the spot.
 */
export async function getBuyerOrder(
  deps: PayDeps,
  orderId: string,
  token: string,
  returned: { paymentIntent?: string | undefined; paymentId?: string | undefined },
): Promise<BuyerOrder> {
  let order = await findBuyerOrder(deps.db, orderId, token);
  if (!order) throw new AppError('ORDER_NOT_FOUND', PAY_MESSAGES.orderNotFound, 404);
  if (order.status === 'pending_payment' || order.status === 'expired') {
    try {
      await confirmReturn({ ...deps, pay: deps.config.pay }, order, returned);
    } catch (error) {
      // The provider could not be asked now; its webhook will tell us later.
      deps.log.warn({ err: error, orderId }, 'could not confirm the payment on return');
    }
  }
  const now = deps.now?.() ?? new Date();
  if (
    (order.status === 'pending_payment' || order.status === 'pending_transfer') &&
    order.expiresAt &&
    order.expiresAt < now
  ) {
    await transitionOrder(deps.db, deps.orderWorkflow, {
      orderId,
      scope: { kind: 'company', id: order.companyId },
      to: 'expired',
      from: [order.status],
      changedBy: SYSTEM,
    });
  }
  order = (await findBuyerOrder(deps.db, orderId, token)) ?? order;

  const names = await profileSummaries(deps.db, [order.companyId], deps.storage);
  const company = names.get(order.companyId);
  let transfer: TransferDetails | null = null;
  if (order.provider === 'transferencia') {
    const method = await methodWithSecrets(
      deps.db,
      deps.secretBox,
      order.companyId,
      'transferencia',
    );
    const config = method?.config;
    if (config?.bankName && config.accountHolder && config.cbu && config.cuit) {
      transfer = {
        bankName: config.bankName,
        accountHolder: config.accountHolder,
        cbu: config.cbu,
        alias: config.alias || null,
        cuit: config.cuit,
        instructions: config.instructions || null,
        reference: order.externalReference,
      };
    }
  }
  return {
    id: order.id,
    status: order.status,
    provider: order.provider,
    quantity: order.quantity,
    total_cents: order.totalCents,
    external_reference: order.externalReference,
    product: { id: order.productId, title: order.productTitle },
    company: { name: company?.company ?? company?.name ?? '', logo_url: company?.logoUrl ?? null },
    created_at: order.createdAt.toISOString(),
    expires_at: order.expiresAt ? order.expiresAt.toISOString() : null,
    transfer,
  };
}
