import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Order } from '@shared/orders/orders.schema';
import {
  PUBLIC_API_MESSAGES,
  V1OrderListQuery,
  V1OrderPage,
  V1OrderParams,
} from '@shared/integrations/public-api.schema';
import { ApiErrorBody } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import { scopedOrderDtosByIds } from '../orders/orders-by-id.service';
import { findScopedOrder, toOrderDtos } from '../orders/orders-query.service';
import { changesPage } from './change-feed';
import {
  apiKeyOf,
  PUBLIC_API_SECURITY,
  PUBLIC_ROUTE_CONFIG,
  requireScope,
} from './public-api.guard';

const ERRORS = { 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody };

/** GET /api/v1/orders and /api/v1/orders/:id: the key's company's orders (`orders:read`). */
export const publicOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders',
    {
      schema: {
        tags: ['public-api'],
        summary: 'Los pedidos de la empresa en el orden en que cambiaron, con cursor',
        security: PUBLIC_API_SECURITY,
        querystring: V1OrderListQuery,
        response: { 200: V1OrderPage, ...ERRORS },
      },
      config: PUBLIC_ROUTE_CONFIG,
      onRequest: requireScope('orders:read'),
    },
    async (request) => {
      const key = apiKeyOf(request);
      const page = await changesPage(app.db, 'order', {
        companyId: key.companyId,
        cursor: request.query.cursor,
        limit: request.query.limit,
        updatedSince: request.query.updated_since,
        status: request.query.status,
        channel: request.query.channel,
      });
      return {
        data: await scopedOrderDtosByIds(app.db, { kind: 'company', id: key.companyId }, page.ids),
        next_cursor: page.nextCursor,
        has_more: page.hasMore,
      };
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['public-api'],
        summary: 'Un pedido de la empresa',
        security: PUBLIC_API_SECURITY,
        params: V1OrderParams,
        response: { 200: Order, 404: ApiErrorBody, ...ERRORS },
      },
      config: PUBLIC_ROUTE_CONFIG,
      onRequest: requireScope('orders:read'),
    },
    async (request) => {
      const key = apiKeyOf(request);
      const row = await findScopedOrder(
        app.db,
        { kind: 'company', id: key.companyId },
        request.params.id,
      );
      if (!row) throw AppError.notFound(PUBLIC_API_MESSAGES.orderNotFound);
      const [order] = await toOrderDtos(app.db, app.storage, [row]);
      return order!;
    },
  );
};
