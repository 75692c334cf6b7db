import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The route schema's `hide` comes from @fastify/swagger's types, wherever this module is compiled.
import type {} from '@fastify/swagger';

/**
 * How far a signed webhook's timestamp may be from our clock, either way
 * (Stripe's own default): an older message, even genuinely signed, is refused.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface WebhookRequest {
  /** The exact bytes the provider sent: signatures are computed over them. */
  rawBody: Buffer;
  headers: FastifyRequest['headers'];
  params: Record<string, string>;
  query: Record<string, unknown>;
}

/**
 * Declares a provider's webhook: POST with the raw body (any content type),
 * outside the browser origin check (the signature proves the sender) and
 * outside rate limits (providers retry in bursts). The handler verifies the
 * signature first and answers 400 for a bad one, writing nothing.
 */
export async function webhookRoute(
  app: FastifyInstance,
  url: string,
  handler: (request: WebhookRequest, reply: FastifyReply) => Promise<unknown>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      url,
      { schema: { hide: true }, config: { rateLimit: false, signedWebhook: true } },
      async (request, reply) =>
        handler(
          {
            rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
            headers: request.headers,
            params: (request.params ?? {}) as Record<string, string>,
            query: (request.query ?? {}) as Record<string, unknown>,
          },
          reply,
        ),
    );
  });
}
