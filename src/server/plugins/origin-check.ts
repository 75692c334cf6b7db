import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is called by a payment provider, not a browser, and proves who
     * it is with a signature over the body: the origin check does not apply.
     */
    signedWebhook?: boolean;
    /**
     * The route is authenticated only by an `Authorization: Bearer` API key and
     * ignores cookies (/api/v1): a forged cross-site request carries no key.
     */
    bearerOnly?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * One origin check for every state change: a request with a method that can
 * change something must come from the app's own origin. Browsers send `Origin`
 * on such requests; without it, `Sec-Fetch-Site: cross-site` still gives a
 * forged form away. Requests with neither (curl, server-to-server) pass: they
 * carry no victim's cookie by accident. Better Auth's routes are covered too.
 */
export const originCheckPlugin = fp(async (app: FastifyInstance, options: { appUrl: string }) => {
  const own = new URL(options.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (
      SAFE_METHODS.has(request.method) ||
      request.routeOptions.config?.signedWebhook ||
      request.routeOptions.config?.bearerOnly
    )
      return;
    const origin = request.headers.origin;
    const foreign =
      origin !== undefined ? origin !== own : request.headers['sec-fetch-site'] === 'cross-site';
    if (foreign) {
      throw new AppError(ERROR_CODES.forbiddenOrigin, API_MESSAGES.forbiddenOrigin, 403);
    }
  });
});
