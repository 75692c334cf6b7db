import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Product } from '@shared/products/products.schema';
import {
  V1ListQuery,
  V1ProductPage,
  V1ProductParams,
  V1UpdateProductBody,
} from '@shared/integrations/public-api.schema';
import { ApiErrorBody } from '@shared/errors';
import { getCompanyProduct, toProductDto, updateProduct } from '../products/products.service';
import { companyProductsByIds } from '../products/products-by-id.service';
import { companyScope } from '../../lib/scope';
import { changesPage } from './change-feed';
import {
  apiKeyOf,
  PUBLIC_API_SECURITY,
  PUBLIC_ROUTE_CONFIG,
  requireScope,
} from './public-api.guard';

const ERRORS = { 401: ApiErrorBody, 403: ApiErrorBody, 429: ApiErrorBody };

/**
 * /api/v1/products: the key's company's products (`products:read`), and stock,
 * price and activity changes (`products:write`) through the panel's own
 * service and rules (the price is fixed once created, as in the panel).
 */
export const publicProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['public-api'],
        summary: 'Los productos de la empresa en el orden en que cambiaron, con cursor',
        security: PUBLIC_API_SECURITY,
        querystring: V1ListQuery,
        response: { 200: V1ProductPage, ...ERRORS },
      },
      config: PUBLIC_ROUTE_CONFIG,
      onRequest: requireScope('products:read'),
    },
    async (request) => {
      const companyId = apiKeyOf(request).companyId;
      const page = await changesPage(app.db, 'product', {
        companyId,
        cursor: request.query.cursor,
        limit: request.query.limit,
        updatedSince: request.query.updated_since,
      });
      return {
        data: (await companyProductsByIds(app.db, companyId, page.ids)).map((row) =>
          toProductDto(row, app.storage),
        ),
        next_cursor: page.nextCursor,
        has_more: page.hasMore,
      };
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['public-api'],
        summary: 'Un producto de la empresa',
        security: PUBLIC_API_SECURITY,
        params: V1ProductParams,
        response: { 200: Product, 404: ApiErrorBody, ...ERRORS },
      },
      config: PUBLIC_ROUTE_CONFIG,
      onRequest: requireScope('products:read'),
    },
    async (request) =>
      getCompanyProduct(
        app.db,
        app.storage,
        companyScope(apiKeyOf(request).companyId),
        request.params.id,
      ),
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['public-api'],
        summary: 'Cambia stock, estado o precio de un producto (con las reglas del panel)',
        security: PUBLIC_API_SECURITY,
        params: V1ProductParams,
        body: V1UpdateProductBody,
        response: { 200: Product, 400: ApiErrorBody, 404: ApiErrorBody, ...ERRORS },
      },
      config: PUBLIC_ROUTE_CONFIG,
      onRequest: requireScope('products:write'),
    },
    async (request) =>
      updateProduct(
        app.db,
        app.storage,
        companyScope(apiKeyOf(request).companyId),
        request.params.id,
        request.body,
      ),
  );
};
