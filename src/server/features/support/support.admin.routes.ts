import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SupportMessageList, SupportMessagesQuery } from '@shared/support/support.schema';
import { listSupportMessages } from './support.service';

/** Inside the admin surface (/api/admin): the messages sent from /support. */
export const supportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/support-messages',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mensajes recibidos por el formulario de soporte',
        querystring: SupportMessagesQuery,
        response: { 200: SupportMessageList },
      },
    },
    async (request) => {
      const { total, messages } = await listSupportMessages(app.db, request.query);
      return {
        total,
        messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      };
    },
  );
};
