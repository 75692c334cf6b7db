import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { AppError } from '../lib/app-error';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in memory,
 * or in Redis when REDIS_URL is set so several instances share them.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { redisUrl?: string }) => {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'vendemas-rl:' } : {}),
    // A Redis outage must not take the site down with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError(ERROR_CODES.rateLimited, messageFor(context), 429),
  });
});

function messageFor(context: { ban: boolean; after: string }): string {
  return `${API_MESSAGES.rateLimited} (${context.after})`;
}

/**
 * A route's limit per signed-in account (`config.rateLimit`), counted after
 * the surface's role guard has named the account: everyone behind one office
 * address keeps their own allowance, and one account cannot take more by
 * changing address. Without an account it falls back to the address.
 */
export function perAccountRateLimit(max: number, message: string) {
  return {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.actor ? `account:${request.actor.userId}` : request.ip,
    errorResponseBuilder: () => new AppError(ERROR_CODES.rateLimited, message, 429),
  };
}
