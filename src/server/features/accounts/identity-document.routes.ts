import { z } from '@shared/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { AppError } from '../../lib/app-error';
import { findProfile } from '../profiles/profiles.service';

/**
 * A seller's identity document is private (ARCHITECTURE §5): only its owner and
 * admins may download it, as an attachment the browser will not sniff or render inline.
 */
export const identityDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/profiles/:id/identity-document',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Descarga el documento de identidad de un vendedor (dueño o administrador)',
        params: z.object({ id: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const actor = await app.getActor(request);
      if (!actor) throw AppError.unauthorized(ACCOUNT_MESSAGES.unauthorized);
      const isOwner = actor.userId === request.params.id;
      if (!isOwner && actor.profile?.role !== 'admin') {
        throw AppError.forbidden(ACCOUNT_MESSAGES.forbidden);
      }
      const profile = isOwner ? actor.profile : await findProfile(app.db, request.params.id);
      const key = profile?.identityDocumentKey;
      const file = key ? await app.storage.get('private', key) : null;
      if (!key || !file) throw AppError.notFound('Este usuario no tiene un documento cargado.');
      const extension = key.split('.').pop() ?? 'bin';
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="documento-identidad.${extension}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );
};
