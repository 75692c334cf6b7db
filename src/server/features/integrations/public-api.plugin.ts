import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES } from '@shared/integrations/api-keys.schema';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import { authenticateApiKey, createApiKeyHasher, type ApiKeyPrincipal } from './api-keys.service';
import { idempotencyPlugin } from './idempotency.plugin';
import { apiKeyOf } from './public-api.guard';
import { publicOrderRoutes } from './public-api.orders.routes';
import { publicProductRoutes } from './public-api.products.routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set under /api/v1: the API key that authenticated the request. */
    apiKey?: ApiKeyPrincipal;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * /api/v1, the public API (API.md "Integrations"; docs/integrations.md).
 * Authenticated only by `Authorization: Bearer vm_…`: cookies are never read
 * here, so a browser's session opens nothing and no origin check is needed.
 */
export async function publicApiPlugin(app: FastifyInstance): Promise<void> {
  const hasher = createApiKeyHasher({
    current: app.config.appSecret,
    previous: app.config.appSecretPrevious,
  });
  app.decorateRequest('apiKey', undefined);
  app.addHook('onRequest', async (request) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw AppError.unauthorized(API_KEY_MESSAGES.missingKey);
    const key = await authenticateApiKey(app.db, hasher, match[1]);
    if (!key) throw AppError.unauthorized(API_KEY_MESSAGES.invalidKey);
    request.apiKey = key;
  });
  // API_KEY_RATE_LIMIT requests a minute per key over every /api/v1 route together,
  // counted across instances through Redis when REDIS_URL is set (plugins/rate-limit.ts).
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: app.config.rateLimits.apiKey,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `api-key:${apiKeyOf(request).id}`,
      errorResponseBuilder: () =>
        new AppError(ERROR_CODES.rateLimited, API_KEY_MESSAGES.rateLimited, 429),
    }),
  );
  await app.register(idempotencyPlugin, {
    actorOf: (request) => (request.apiKey ? `api-key:${request.apiKey.id}` : null),
  });
  await app.register(publicOrderRoutes);
  await app.register(publicProductRoutes);
}
