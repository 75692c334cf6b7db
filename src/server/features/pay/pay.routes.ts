import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/errors';
import {
  BuyerOrder,
  BuyerOrderParams,
  BuyerOrderQuery,
  PAY_MESSAGES,
  PayChallenge,
  PayPage,
  PayParams,
  PayQuery,
  PayRequest,
  PayResponse,
} from '@shared/orders/orders.schema';
import { z } from '@shared/zod';
import { AppError } from '../../lib/app-error';
import {
  getBuyerOrder,
  getPayChallenge,
  getPayPage,
  startPayment,
  type PayDeps,
} from './pay.service';

/** /api/public: the buyer's side of a seller's payment link (API.md "Buyer"). */
export const payRoutes: FastifyPluginAsyncZod<{ deps: Omit<PayDeps, 'log'> }> = async (
  app,
  { deps },
) => {
  const withLog = (log: PayDeps['log']): PayDeps => ({ ...deps, log });

  app.get(
    '/pay/:productId',
    {
      schema: {
        tags: ['pay'],
        summary:
          'El producto de un link de pago, su empresa, quién lo recomienda y los métodos activos',
        params: PayParams,
        querystring: PayQuery,
        response: { 200: PayPage },
      },
    },
    async (request) =>
      getPayPage(withLog(request.log), request.params.productId, request.query.ref),
  );

  app.post(
    '/pay/:productId',
    {
      schema: {
        tags: ['pay'],
        summary: 'Crea el pedido (reserva las unidades) y devuelve el paso siguiente del pago',
        params: PayParams,
        body: PayRequest,
        response: { 201: PayResponse },
      },
      // Every order holds units for a while: one address cannot empty a product's stock.
      config: {
        rateLimit: {
          max: deps.config.pay.rateLimit,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(ERROR_CODES.rateLimited, PAY_MESSAGES.tooManyOrders, 429),
        },
      },
    },
    async (request, reply) => {
      const answer = await startPayment(
        withLog(request.log),
        request.params.productId,
        request.body,
        {
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        },
      );
      return reply.status(201).send(answer);
    },
  );

  app.get(
    '/pay/:productId/challenge',
    {
      schema: {
        tags: ['pay'],
        summary:
          'Un desafío de prueba de trabajo (ALTCHA) para pedir este producto, cuando el POST respondió 428',
        params: PayParams,
        response: { 200: PayChallenge },
      },
      // Making a challenge costs the server one key derivation: one address cannot ask for thousands.
      config: {
        rateLimit: {
          max: deps.config.pay.rateLimit * 2,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(ERROR_CODES.rateLimited, PAY_MESSAGES.tooManyOrders, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Made for this client only (its address or IPv6 /64): a solution works from nowhere else.
      return getPayChallenge(withLog(request.log), request.params.productId, {
        address: request.ip,
      });
    },
  );

  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags: ['pay'],
        summary:
          'El pedido del comprador (con su token); confirma el pago con el proveedor al volver',
        params: BuyerOrderParams,
        querystring: BuyerOrderQuery.extend({ payment_id: z.string().max(64).optional() }),
        response: { 200: BuyerOrder },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getBuyerOrder(withLog(request.log), request.params.orderId, request.query.token, {
        paymentIntent: request.query.payment_intent,
        paymentId: request.query.payment_id,
      });
    },
  );
};
