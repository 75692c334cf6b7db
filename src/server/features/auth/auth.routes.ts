import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import { AppError } from '../../lib/app-error';
import { spanishAuthMessage } from './auth-errors';
import { isPublicPassword } from './public-passwords';
import { isTotpCode, normalizeBackupCode } from './two-factor-codes';

/** Better Auth endpoints that are worth guessing at: limited per address, with a Spanish 429. */
const LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
];

/** The per-address limit of sign-in, sign-up, reset and resend (AUTH_RATE_LIMIT per minute). */
export function authRateLimit(app: FastifyInstance) {
  return {
    max: app.config.rateLimits.auth,
    timeWindow: '1 minute',
    errorResponseBuilder: () =>
      new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.tooManyAttempts, 429),
  };
}

/**
 * /api/auth/*: Better Auth's handler (hidden from OpenAPI) with its errors
 * turned into our `{ error: { code, message } }` in Spanish.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);
  for (const path of LIMITED_AUTH_PATHS) {
    app.post(
      `/auth${path}`,
      { schema: { hide: true }, config: { rateLimit } },
      (request, reply) => {
        if (app.config.isProduction) refusePublicPassword(path, request.body);
        return forwardToBetterAuth(app, request, reply, tidyCodes(path, request.body));
      },
    );
  }
  // A session's token is its key: the list answers every field but that one.
  app.get('/auth/list-sessions', { schema: { hide: true } }, (request, reply) =>
    forwardToBetterAuth(app, request, reply, undefined, withoutTokens),
  );
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: (request, reply) => forwardToBetterAuth(app, request, reply),
  });
};

/**
 * In production a password published in the repository (the demo accounts')
 * neither signs in nor becomes anyone's new password, whatever the account:
 * checking the typed password costs nothing, unlike checking stored hashes.
 */
function refusePublicPassword(path: string, body: unknown): void {
  const fields = (body ?? {}) as { password?: unknown; newPassword?: unknown };
  if (path === '/sign-in/email' && isPublicPassword(fields.password)) {
    throw new AppError(ERROR_CODES.publicPassword, ACCOUNT_MESSAGES.publicPasswordSignIn, 403);
  }
  if (path === '/reset-password' && isPublicPassword(fields.newPassword)) {
    throw new AppError(ERROR_CODES.publicPassword, ACCOUNT_MESSAGES.publicPasswordChosen, 400);
  }
}

/**
 * Codes as people type them: a TOTP code without spaces, a backup code in
 * lower case with its dash (two-factor-codes.ts).
 */
function tidyCodes(path: string, body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('code' in body)) return body;
  const code = (body as { code: unknown }).code;
  if (typeof code !== 'string') return body;
  if (path === '/two-factor/verify-totp' && isTotpCode(code)) {
    return { ...body, code: code.replace(/\s/g, '') };
  }
  if (path === '/two-factor/verify-backup-code')
    return { ...body, code: normalizeBackupCode(code) };
  return body;
}

function withoutTokens(payload: unknown): unknown {
  if (!Array.isArray(payload)) return payload;
  return payload.map((session: unknown) => {
    if (typeof session !== 'object' || session === null) return session;
    const { token: _token, ...rest } = session as Record<string, unknown>;
    return rest;
  });
}

/**
 * Hands the request to Better Auth as a web Request and copies its answer back
 * (also for the auth routes other features guard, such as account security's).
 */
export async function forwardToBetterAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: unknown = request.body,
  rewrite?: (payload: unknown) => unknown,
): Promise<FastifyReply> {
  const url = new URL(request.url, app.config.appUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.delete('content-length');
  // Better Auth records the leftmost X-Forwarded-For entry with each session: give
  // it the client's address as Fastify resolved it (TRUST_PROXY), never one the client wrote.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && body != null;
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await app.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body) : undefined,
    }),
  );

  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (response.status >= 400) {
    let code: string | undefined;
    try {
      code = (JSON.parse(text) as { code?: string }).code;
    } catch {
      code = undefined;
    }
    return reply.type('application/json; charset=utf-8').send({
      error: {
        code: code ?? (response.status === 404 ? ERROR_CODES.notFound : 'AUTH_ERROR'),
        message: spanishAuthMessage(code, response.status),
      },
    });
  }
  if (rewrite && text) {
    reply.header('content-type', 'application/json; charset=utf-8');
    return reply.send(JSON.stringify(rewrite(JSON.parse(text))));
  }
  return reply.send(text || null);
}
