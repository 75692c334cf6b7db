import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_MESSAGES } from '@shared/integrations/public-api.schema';
import { AppError } from '../../lib/app-error';
import {
  claimIdempotencyKey,
  releaseIdempotencyKey,
  requestHash,
  storeIdempotentAnswer,
} from './idempotency.service';

const HEADER = 'idempotency-key';
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const METHODS = new Set(['POST', 'PATCH']);
/** Answers about the moment, not the request: a later try may well differ. */
const NOT_KEPT = new Set([401, 403, 408, 409, 425, 429]);
/** Headers a replay answers again besides the body. */
const KEPT_HEADERS = ['content-type', 'location'];

/** The requests that claimed a key and have not answered yet. */
const claims = new WeakMap<FastifyRequest, { actor: string; key: string }>();

export interface IdempotencyOptions {
  /** Whose keys these are: an API key's id or a signed-in account's (null: not supported). */
  actorOf: (request: FastifyRequest) => string | null;
}

/**
 * `Idempotency-Key` for the POST and PATCH routes of the context it is
 * registered in (/api/v1 and /api/company), after that context's guard has
 * named the actor. The first answer (not a 5xx, nor a refusal of the moment
 * such as 401, 403, 409 or 429) is kept 24 h and answered again with
 * `Idempotent-Replayed: true` (kept sealed with APP_SECRET, since a first
 * answer may be the only showing of a new API key or webhook secret); the
 * same key with another request is 422
 * IDEMPOTENCY_KEY_REUSED, and 409 IDEMPOTENCY_KEY_IN_USE while the first runs.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, options: IdempotencyOptions) => {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[HEADER];
    if (header === undefined || !METHODS.has(request.method)) return;
    if (typeof header !== 'string' || !KEY_SHAPE.test(header)) {
      throw AppError.validation(IDEMPOTENCY_MESSAGES.keyInvalid);
    }
    // Uploads are not read before the handler, so their content cannot be compared.
    if (request.isMultipart()) return;
    const actor = options.actorOf(request);
    if (!actor) return;
    const claim = { actor, key: header };
    const found = await claimIdempotencyKey(app.db, {
      ...claim,
      hash: requestHash(request.method, request.url, request.body),
    });
    if (found.kind === 'reused') {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', IDEMPOTENCY_MESSAGES.keyReused, 422);
    }
    if (found.kind === 'in_use') {
      throw new AppError('IDEMPOTENCY_KEY_IN_USE', IDEMPOTENCY_MESSAGES.keyInUse, 409);
    }
    if (found.kind === 'replay') {
      reply.code(found.answer.status).headers(found.answer.headers);
      reply.header('idempotent-replayed', 'true');
      return reply.send(openBody(app, claim, found.answer.body));
    }
    claims.set(request, claim);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = claims.get(request);
    if (!claim) return payload;
    claims.delete(request);
    try {
      const body = answerBody(reply, payload);
      if (reply.statusCode >= 500 || NOT_KEPT.has(reply.statusCode) || body === null) {
        await releaseIdempotencyKey(app.db, claim);
      } else {
        await storeIdempotentAnswer(app.db, claim, {
          status: reply.statusCode,
          headers: keptHeaders(reply),
          // Sealed: a first answer may carry what is shown once (a new API key, a webhook's secret).
          body: body === '' ? '' : app.secretBox.seal(body, bodyContext(claim)),
        });
      }
    } catch (error) {
      request.log.warn({ err: error }, 'could not keep the answer of an Idempotency-Key');
    }
    return payload;
  });
});

/**
 * The company surface's keys, per signed-in account (after its role guard).
 * Listed first among the surface's plugins so its hooks cover every route.
 */
export const companyIdempotencyPlugin = fp(async (app: FastifyInstance) => {
  await app.register(idempotencyPlugin, {
    actorOf: (request) => (request.actor ? `account:${request.actor.userId}` : null),
  });
});

/** A kept answer opens only for its own actor and key. */
function bodyContext(claim: { actor: string; key: string }): string {
  return `idempotency:${claim.actor}:${claim.key}`;
}

function openBody(app: FastifyInstance, claim: { actor: string; key: string }, stored: string) {
  return stored === '' ? '' : app.secretBox.open(stored, bodyContext(claim));
}

/** The answer's text as the client reads it (before the compression of large answers). */
function answerBody(reply: FastifyReply, payload: unknown): string | null {
  if (payload === null || payload === undefined) return '';
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  const coding = reply.getHeader('content-encoding');
  if (coding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (coding === 'gzip') return gunzipSync(payload).toString('utf8');
  return coding === undefined ? payload.toString('utf8') : null;
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (typeof value === 'string') kept[name] = value;
  }
  return kept;
}
