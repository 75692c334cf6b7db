import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/errors';
import { SUPPORT_MESSAGES } from '@shared/messages';
import { SupportMessageBody, SupportMessageCreated } from '@shared/support/support.schema';
import { AppError } from '../../lib/app-error';
import { createSupportMessage } from './support.service';

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support',
    {
      schema: {
        tags: ['public'],
        summary: 'Envía un mensaje al equipo de soporte',
        body: SupportMessageBody,
        response: { 201: SupportMessageCreated },
      },
      config: {
        rateLimit: {
          max: app.config.rateLimits.support,
          timeWindow: '1 minute',
          errorResponseBuilder: () =>
            new AppError(ERROR_CODES.rateLimited, SUPPORT_MESSAGES.rateLimited, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await createSupportMessage(app.db, request.body, {
        ipAddress: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return reply.status(201).send(created);
    },
  );
};
