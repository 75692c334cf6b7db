import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/errors';
import { z } from '@shared/zod';
import {
  CheckoutCancelResponse,
  CheckoutConfirmBody,
  CheckoutPayBody,
  CheckoutPayResponse,
  CheckoutSummary,
  CheckoutTokenBody,
  CheckoutTokenQuery,
} from '@shared/store/checkout.schema';
import {
  StoreCheckoutRequest,
  StoreCheckoutResponse,
  StoreProductDetail,
  StoreProductsQuery,
  StoreProductsResponse,
  StoreVariantsQuery,
  StoreVariantsResponse,
} from '@shared/store/store.schema';
import { AppError } from '../../lib/app-error';
import { sendJsonBody } from '../../lib/json-body';
import {
  getStoreProductJson,
  listStoreProductsJson,
  listVariantStock,
  STORE_MESSAGES,
} from '../store-catalogue/store-catalogue.service';
import {
  createStoreCheckout,
  getStoreCheckout,
  type StoreCheckoutDeps,
} from './store-checkout.service';
import {
  cancelStoreCheckout,
  confirmStripeReturn,
  payStoreCheckout,
} from './store-payment.service';

const StoreParams = z.object({ storeId: z.string().max(100) });
const ProductParams = StoreParams.extend({ id: z.string().min(1).max(100) });
const OrderParams = StoreParams.extend({ orderId: z.uuid() });

/**
 * The storefront API, `/api/store/:storeId/*` (spec 01 §7): public, no auth
 * header, JSON. Only the configured store id exists.
 */
export const storeRoutes: FastifyPluginAsyncZod<{ deps: StoreCheckoutDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onRequest', async (request) => {
    const { storeId } = request.params as { storeId?: string };
    if (storeId !== app.config.store.id) throw AppError.notFound(STORE_MESSAGES.storeNotFound);
  });

  app.get(
    '/:storeId/products',
    {
      schema: {
        tags: ['store'],
        summary: 'Lists storefront products',
        params: StoreParams,
        querystring: StoreProductsQuery,
        response: { 200: StoreProductsResponse },
      },
    },
    async (request, reply) =>
      sendJsonBody(request, reply, await listStoreProductsJson(app.db, request.query)),
  );

  app.get(
    '/:storeId/products/:id',
    {
      schema: {
        tags: ['store'],
        summary: 'One storefront product with its media',
        params: ProductParams,
        querystring: z.object({ fields: z.string().max(200).optional() }),
        response: { 200: StoreProductDetail },
      },
    },
    async (request, reply) =>
      sendJsonBody(request, reply, await getStoreProductJson(app.db, request.params.id)),
  );

  app.get(
    '/:storeId/variants',
    {
      schema: {
        tags: ['store'],
        summary: 'Live stock of the variants of some products',
        params: StoreParams,
        querystring: StoreVariantsQuery,
        response: { 200: StoreVariantsResponse },
      },
    },
    async (request) =>
      listVariantStock(app.db, [
        ...(request.query['product_ids[]'] ?? []),
        ...(request.query.product_ids ?? []),
      ]),
  );

  app.post(
    '/:storeId/checkout',
    {
      schema: {
        tags: ['store'],
        summary: 'Reserves the cart and answers the hosted checkout address',
        params: StoreParams,
        body: StoreCheckoutRequest,
        response: { 200: StoreCheckoutResponse },
      },
      // Each checkout holds stock for a while: one address cannot reserve the shop empty.
      config: {
        rateLimit: {
          max: app.config.store.checkoutRateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(ERROR_CODES.rateLimited, STORE_MESSAGES.tooManyCheckouts, 429),
        },
      },
    },
    async (request) => {
      const { url } = await createStoreCheckout(deps, request.body, { address: request.ip });
      return { url };
    },
  );

  app.get(
    '/:storeId/checkout/:orderId',
    {
      schema: {
        tags: ['store'],
        summary: 'Hosted checkout page data',
        params: OrderParams,
        querystring: CheckoutTokenQuery,
        response: { 200: CheckoutSummary },
      },
    },
    async (request) => getStoreCheckout(deps, request.params.orderId, request.query.token),
  );

  app.post(
    '/:storeId/checkout/:orderId/pay',
    {
      schema: {
        tags: ['store'],
        summary: 'Buyer details and payment with the platform method',
        params: OrderParams,
        body: CheckoutPayBody,
        response: { 200: CheckoutPayResponse },
      },
    },
    async (request) =>
      payStoreCheckout(deps, request.params.orderId, request.body.token, request.body.buyer),
  );

  app.post(
    '/:storeId/checkout/:orderId/confirm',
    {
      schema: {
        tags: ['store'],
        summary: 'Checks with Stripe whether the returning buyer paid',
        params: OrderParams,
        body: CheckoutConfirmBody,
        response: { 200: CheckoutSummary },
      },
    },
    async (request) =>
      confirmStripeReturn(
        deps,
        request.params.orderId,
        request.body.token,
        request.body.session_id,
      ),
  );

  app.post(
    '/:storeId/checkout/:orderId/cancel',
    {
      schema: {
        tags: ['store'],
        summary: 'Cancels the checkout and releases the reservation',
        params: OrderParams,
        body: CheckoutTokenBody,
        response: { 200: CheckoutCancelResponse },
      },
    },
    async (request) => cancelStoreCheckout(deps, request.params.orderId, request.body.token),
  );
};
