import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from '@shared/zod';
import { ApiErrorBody, ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';

const HealthResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  driver: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** Liveness and readiness in one: answers 503 when the database does not. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Estado del servicio',
        response: { 200: HealthResponse, 503: ApiErrorBody },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ error: { code: ERROR_CODES.unavailable, message: API_MESSAGES.databaseDown } });
      }
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        driver: app.dbDriver,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
