import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { API_KEY_MESSAGES, type ApiKeyScope } from '@shared/integrations/api-keys.schema';
import { AppError } from '../../lib/app-error';
import type { ApiKeyPrincipal } from './api-keys.service';

/** The OpenAPI security scheme of /api/v1 (plugins/openapi.ts declares it). */
export const PUBLIC_API_SECURITY = [{ apiKey: [] }];

/** The key of a request under /api/v1. */
export function apiKeyOf(request: FastifyRequest): ApiKeyPrincipal {
  if (!request.apiKey) throw AppError.unauthorized(API_KEY_MESSAGES.missingKey);
  return request.apiKey;
}

/** A route's onRequest: 403 INSUFFICIENT_SCOPE unless the key has `scope`. */
export function requireScope(scope: ApiKeyScope): onRequestAsyncHookHandler {
  return async (request) => {
    if (!apiKeyOf(request).scopes.includes(scope)) {
      throw new AppError('INSUFFICIENT_SCOPE', API_KEY_MESSAGES.insufficientScope(scope), 403);
    }
  };
}

/** What every /api/v1 route declares: bearer only, so no origin check (plugins/origin-check.ts). */
export const PUBLIC_ROUTE_CONFIG = { bearerOnly: true };
