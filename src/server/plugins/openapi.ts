import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, browsable at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { appUrl: string; isProduction: boolean }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'VendeMás API',
          description: 'API de VendeMás: cuentas, paneles, pagos y tienda.',
          version: '1.0.0',
        },
        servers: [{ url: options.appUrl }],
        components: {
          // The public API /api/v1 (features/integrations): `Authorization: Bearer vm_…`.
          securitySchemes: {
            apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'vm_…' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Its default policy upgrades requests to https, which breaks the page on plain
      // http (development); and it sets inline styles.
      transformStaticCSP: (header) => {
        const styled = header.replace(
          /style-src 'self' https:/,
          "style-src 'self' 'unsafe-inline'",
        );
        return options.isProduction ? styled : styled.replace(/\s*upgrade-insecure-requests;/, '');
      },
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  },
);
