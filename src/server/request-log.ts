import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config/env';
import { redactSecrets } from './lib/log-redaction';

/**
 * What a request's log lines say about it: no address, port or headers
 * (link analytics promises no address is kept), and its URL without the
 * secrets a link carries (tokens, OAuth codes, the payment providers' returns).
 */
export const REQUEST_LOG_SERIALIZERS = {
  req: (request: { method: string; url: string; id: string }) => ({
    method: request.method,
    url: redactSecrets(request.url),
    id: request.id,
  }),
};

/**
 * Every line, whoever writes it (an error's message or stack, the local
 * inbox's links, a provider's answer), leaves with the same secrets redacted:
 * pino calls this with each finished line, before the stream or transport.
 */
export const REDACTING_HOOKS = { streamWrite: redactSecrets };

/**
 * Fastify's logger: the given options (tests pass a stream) or the
 * configuration's, always with the request serializer and the redaction.
 */
export function appLogger(
  config: Config,
  given: FastifyServerOptions['logger'] | undefined,
): FastifyServerOptions['logger'] {
  const logger = given ?? loggerOptions(config);
  if (typeof logger !== 'object' || logger === null) return logger;
  return { serializers: REQUEST_LOG_SERIALIZERS, hooks: REDACTING_HOOKS, ...logger };
}

function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  const base = {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  };
  if (config.isProduction || config.env === 'test') return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
