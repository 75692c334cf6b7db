import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiKeyList,
  ApiKeyParams,
  CreateApiKeyBody,
  CreatedApiKey,
} from '@shared/integrations/api-keys.schema';
import { z } from '@shared/zod';
import { requireStepUp } from '../account-security/step-up';
import { actorOf } from '../accounts/role-guard';
import {
  createApiKey,
  createApiKeyHasher,
  listApiKeys,
  revokeApiKey,
  type KeyOwner,
} from './api-keys.service';

function ownerOf(request: Parameters<typeof actorOf>[0]): KeyOwner {
  const actor = actorOf(request);
  return { companyId: actor.userId, userId: actor.userId, name: actor.name };
}

/** /api/company/api-keys: the company's keys to the public API (page 'Integraciones'). */
export const companyApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const hasher = createApiKeyHasher({
    current: app.config.appSecret,
    previous: app.config.appSecretPrevious,
  });

  app.get(
    '/api-keys',
    {
      schema: {
        tags: ['company'],
        summary: 'Las claves de API vigentes de la empresa (sin la clave: solo su comienzo)',
        response: { 200: ApiKeyList },
      },
    },
    async (request) => listApiKeys(app.db, actorOf(request).userId),
  );

  app.post(
    '/api-keys',
    {
      schema: {
        tags: ['company'],
        summary: 'Crea una clave de API; la clave se muestra solo en esta respuesta',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey },
      },
      // A key reads the company's orders and changes its catalogue: a fresh password first.
      preHandler: requireStepUp(app),
    },
    async (request, reply) =>
      reply.status(201).send(await createApiKey(app.db, hasher, ownerOf(request), request.body)),
  );

  app.delete(
    '/api-keys/:id',
    {
      schema: {
        tags: ['company'],
        summary: 'Revoca una clave de API: deja de funcionar en el momento',
        params: ApiKeyParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await revokeApiKey(app.db, ownerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
