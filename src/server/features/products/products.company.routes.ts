import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateProductBody,
  MAX_PRODUCT_IMAGES,
  Product,
  ProductList,
  ProductListQuery,
  UpdateProductBody,
} from '@shared/products/products.schema';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../lib/images';
import { readMultipartForm } from '../../lib/multipart-form';
import { perAccountRateLimit } from '../../plugins/rate-limit';
import { z } from '@shared/zod';
import { actorOf } from '../accounts/role-guard';
import {
  addProductImages,
  createProduct,
  deleteProduct,
  getCompanyProduct,
  listCompanyProducts,
  updateProduct,
} from './products.service';
import { companyScope } from '../../lib/scope';

const ProductParams = z.object({ id: z.uuid({ error: 'No encontramos ese producto.' }) });

/** /api/company/products: the company's own catalogue (spec 02 §2, §5; API.md). */
export const companyProductRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['company'],
        summary: 'Los productos de la empresa, los más nuevos primero (búsqueda por título)',
        querystring: ProductListQuery,
        response: { 200: ProductList },
      },
    },
    async (request) =>
      listCompanyProducts(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        request.query,
      ),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Un producto de la empresa',
        params: ProductParams,
        response: { 200: Product },
      },
    },
    async (request) =>
      getCompanyProduct(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        request.params.id,
      ),
  );

  app.post(
    '/products',
    {
      schema: {
        tags: ['company'],
        summary:
          'Crea un producto (requiere el ID de Cobrador cuando la empresa lo usa: `collector_id_required` en la configuración)',
        body: CreateProductBody,
        response: { 201: Product },
      },
    },
    async (request, reply) => {
      const scope = companyScope(actorOf(request).userId);
      const product = await createProduct(
        app.db,
        app.storage,
        scope,
        request.body,
        await app.collectorIdNeed(scope),
      );
      return reply.status(201).send(product);
    },
  );

  app.patch(
    '/products/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Edita descripción, stock, comisión, estado o el orden de las imágenes',
        params: ProductParams,
        body: UpdateProductBody,
        response: { 200: Product },
      },
    },
    async (request) =>
      updateProduct(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/products/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Elimina un producto (los pedidos conservan su título e importes)',
        params: ProductParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProduct(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        request.params.id,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/products/:id/images',
    {
      schema: {
        tags: ['company'],
        summary: 'Agrega imágenes (multipart, partes `file`: PNG, JPG, GIF o WebP de hasta 10 MB)',
        consumes: ['multipart/form-data'],
        params: ProductParams,
        response: { 201: Product },
      },
      // Each image is decoded: one account cannot keep the decoders busy for everyone.
      config: {
        rateLimit: perAccountRateLimit(
          app.config.rateLimits.imageUploads,
          IMAGE_MESSAGES.tooManyUploads,
        ),
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, {
        fileFields: ['file'],
        limits: { fileBytes: IMAGE_MAX_BYTES, files: MAX_PRODUCT_IMAGES, fields: 5 },
        tooLarge: { message: IMAGE_MESSAGES.tooLarge, field: 'file' },
      });
      const product = await addProductImages(
        app.db,
        app.storage,
        companyScope(actorOf(request).userId),
        request.params.id,
        form.files,
      );
      return reply.status(201).send(product);
    },
  );
};
