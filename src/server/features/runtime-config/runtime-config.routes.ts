import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RuntimeConfig } from '@shared/runtime-config.schema';
import { runtimeConfigFor } from '../../config/env';

/** GET /api/public/config: the settings the web app reads (also written into index.html). */
export const runtimeConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = runtimeConfigFor(app.config);
  app.get(
    '/config',
    {
      schema: {
        tags: ['public'],
        summary: 'Configuración pública que lee la aplicación web',
        response: { 200: RuntimeConfig },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(config),
  );
};
