import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { appUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'VendeMás API',
        description: 'API de VendeMás: cuentas, paneles, pagos y tienda.',
        version: '1.0.0',
      },
      servers: [{ url: options.appUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
});
