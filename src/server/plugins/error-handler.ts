import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { isPeriodMessage } from '@shared/period';
import { AppError } from '../lib/app-error';

/**
 * One place that turns every failure into `{ error: { code, message } }`.
 * Validation failures carry the field messages; 5xx details stay in the log.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, fields: error.fields },
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? API_MESSAGES.validation;
      }
      const first = Object.values(fields)[0];
      // A day, month or period out of the calendar: its own code and message (API.md "Account security").
      const period = error.validation.find((issue) => isPeriodMessage(issue.message));
      return reply.status(400).send({
        error: {
          code: period ? ERROR_CODES.invalidPeriod : ERROR_CODES.validation,
          message:
            period?.message ??
            (Object.keys(fields).length === 1 && first ? first : API_MESSAGES.validation),
          fields,
        },
      });
    }

    if (isBrokenMultipart(error)) {
      return reply
        .status(400)
        .send({ error: { code: 'MALFORMED_MULTIPART', message: API_MESSAGES.brokenMultipart } });
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send({ error: { code: ERROR_CODES.internal, message: API_MESSAGES.internal } });
    }

    // Fastify's own 4xx (bad JSON, wrong content type, body too large, rate limit...).
    return reply.status(status).send({ error: clientError(error, status) });
  });
});

/**
 * The multipart parser (busboy) reports a truncated or malformed form with plain
 * errors and no status: they are the sender's fault, not ours.
 */
const MULTIPART_FAILURES =
  /^(Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|Multipart: Boundary not found|Malformed part header|The needle cannot .*)$/;

function isBrokenMultipart(error: { statusCode?: number; message?: string }): boolean {
  return error.statusCode === undefined && MULTIPART_FAILURES.test(error.message ?? '');
}

function clientError(error: FastifyError, status: number): { code: string; message: string } {
  switch (true) {
    case status === 429:
      return { code: ERROR_CODES.rateLimited, message: error.message || API_MESSAGES.rateLimited };
    case status === 413:
      return { code: ERROR_CODES.payloadTooLarge, message: API_MESSAGES.payloadTooLarge };
    case status === 415:
      return { code: 'UNSUPPORTED_MEDIA_TYPE', message: API_MESSAGES.unsupportedMediaType };
    case error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError:
      return { code: 'INVALID_JSON', message: API_MESSAGES.badJson };
    case status === 404:
      return { code: ERROR_CODES.notFound, message: API_MESSAGES.notFound };
    default:
      return { code: error.code ?? 'BAD_REQUEST', message: API_MESSAGES.validation };
  }
}
