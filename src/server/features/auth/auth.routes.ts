import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import { PASSWORD_MAX } from '@shared/accounts/accounts.schema';
import { z } from '@shared/zod';
import { AppError } from '../../lib/app-error';
import { assertPasswordAllowed } from '../sign-in-protection/password-policy';
import { AccountLockedError } from '../sign-in-protection/sign-in-guard.service';
import { spanishAuthMessage } from './auth-errors';
import { isPublicPassword } from './public-passwords';
import { isTotpCode, normalizeBackupCode } from './two-factor-codes';
import { findResetTokenOwner, findUserByEmail } from './users.service';

/** Better Auth endpoints that are worth guessing at: limited per address, with a Spanish 429. */
const LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
];

/** The per-address limit of sign-in, sign-up, reset, change and resend (AUTH_RATE_LIMIT per minute). */
export function authRateLimit(app: FastifyInstance) {
  return {
    max: app.config.rateLimits.auth,
    timeWindow: '1 minute',
    errorResponseBuilder: () =>
      new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.tooManyAttempts, 429),
  };
}

type Handler = (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply>;

/** Routes that check a password (the per-account limit) or set one (the password policy). */
const GUARDED: Record<string, Handler> = {
  '/sign-in/email': signInEmail,
  '/change-password': changePassword,
  '/reset-password': resetPassword,
};

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
      async (request, reply) => {
        if (app.config.isProduction) refusePublicPassword(path, request.body);
        const guarded = GUARDED[path];
        if (guarded) return guarded(app, request, reply);
        return sendAnswer(reply, await askBetterAuth(app, request, tidyCodes(path, request.body)));
      },
    );
  }
  // A session's token is its key: the list answers every field but that one.
  app.get('/auth/list-sessions', { schema: { hide: true } }, async (request, reply) =>
    sendAnswer(reply, await askBetterAuth(app, request), withoutTokens),
  );
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: async (request, reply) => sendAnswer(reply, await askBetterAuth(app, request)),
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
  if (
    (path === '/reset-password' || path === '/change-password') &&
    isPublicPassword(fields.newPassword)
  ) {
    throw new AppError(ERROR_CODES.publicPassword, ACCOUNT_MESSAGES.publicPasswordChosen, 400, {
      password: ACCOUNT_MESSAGES.publicPasswordChosen,
    });
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** A lock answers 429 with how long to wait. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AccountLockedError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    throw error;
  }
}

/**
 * Sign-in, counted per account whatever the address (sign-in-protection): an
 * e-mail without an account counts too, in a shared counter, so both answer
 * alike. A request Better Auth refuses before looking at the password (a
 * malformed e-mail, a password over the maximum) is not counted.
 */
async function signInEmail(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as { email?: unknown; password?: unknown };
  const email = text(body.email);
  const password = text(body.password);
  if (
    !email ||
    password === undefined ||
    password.length > PASSWORD_MAX ||
    !z.email().safeParse(email).success
  ) {
    return sendAnswer(reply, await askBetterAuth(app, request));
  }
  // Better Auth finds the user by the lower-cased e-mail, as written otherwise.
  const user = await findUserByEmail(app.db, email.toLowerCase());
  const account = user ? { userId: user.id } : app.signInGuard.unknownEmail(email);
  const answer = await withRetryAfter(reply, () =>
    app.signInGuard.checkPassword(account, async () => {
      const answer = await askBetterAuth(app, request);
      return { password: signInOutcome(answer), value: answer };
    }),
  );
  return sendAnswer(reply, answer);
}

/** A session, or a refusal that comes after the password matched (unconfirmed, suspended). */
function signInOutcome(answer: AuthAnswer): 'right' | 'wrong' | 'unchecked' {
  if (answer.status < 300) return 'right';
  if (answer.status === 401 && answer.code === 'INVALID_EMAIL_OR_PASSWORD') return 'wrong';
  if (answer.status === 403 && answer.code !== undefined) return 'right';
  return 'unchecked';
}

/**
 * Change of password from a session: the new one must pass the password
 * policy, and a wrong current password counts on the account's sign-in limit,
 * so a stolen session cannot guess it without end.
 */
async function changePassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as { currentPassword?: unknown; newPassword?: unknown };
  const current = text(body.currentPassword);
  const next = text(body.newPassword);
  const actor = await app.getActor(request);
  if (!actor || current === undefined || next === undefined || current.length > PASSWORD_MAX) {
    return sendAnswer(reply, await askBetterAuth(app, request));
  }
  await assertPasswordAllowed(next, { email: actor.email, name: actor.name });
  const answer = await withRetryAfter(reply, () =>
    app.signInGuard.checkPassword({ userId: actor.userId }, async () => {
      const answer = await askBetterAuth(app, request);
      const password =
        answer.status < 300 ? 'right' : answer.code === 'INVALID_PASSWORD' ? 'wrong' : 'unchecked';
      return { password, value: answer };
    }),
  );
  return sendAnswer(reply, answer);
}

/**
 * Reset from the e-mail link: the new password must pass the password policy
 * for the token's owner. An unknown or expired token goes on to Better Auth,
 * which says so.
 */
async function resetPassword(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const body = (request.body ?? {}) as { newPassword?: unknown; token?: unknown };
  const query = (request.query ?? {}) as { token?: unknown };
  const next = text(body.newPassword);
  const token = text(body.token) ?? text(query.token);
  if (next !== undefined && token) {
    const owner = await findResetTokenOwner(app.db, token, new Date());
    if (owner) await assertPasswordAllowed(next, { email: owner.email, name: owner.name });
  }
  return sendAnswer(reply, await askBetterAuth(app, request));
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
  if (path === '/two-factor/verify-backup-code') {
    return { ...body, code: normalizeBackupCode(code) };
  }
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

/** Better Auth's answer, read once: the guard looks at it before it is sent. */
export interface AuthAnswer {
  status: number;
  headers: [string, string][];
  cookies: string[];
  text: string;
  /** Better Auth's error code, for answers of 400 and above. */
  code: string | undefined;
}

/**
 * Hands the request (or another body for it) to Better Auth as a web Request
 * and reads its answer; also for the auth routes other features guard.
 */
export async function askBetterAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  body: unknown = request.body,
): Promise<AuthAnswer> {
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
  const answer: AuthAnswer = {
    status: response.status,
    headers: [],
    cookies: response.headers.getSetCookie(),
    text: await response.text(),
    code: undefined,
  };
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') answer.headers.push([name, value]);
  });
  if (answer.status >= 400) {
    try {
      answer.code = (JSON.parse(answer.text) as { code?: string }).code;
    } catch {
      answer.code = undefined;
    }
  }
  return answer;
}

/**
 * Copies Better Auth's answer to the reply, its errors in our shape and in
 * Spanish; `rewrite` changes a JSON answer first (no tokens in a list).
 */
export function sendAnswer(
  reply: FastifyReply,
  answer: AuthAnswer,
  rewrite?: (payload: unknown) => unknown,
): FastifyReply {
  reply.status(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  if (answer.cookies.length) reply.header('set-cookie', answer.cookies);
  if (answer.status >= 400) {
    return reply.type('application/json; charset=utf-8').send({
      error: {
        code: answer.code ?? (answer.status === 404 ? ERROR_CODES.notFound : 'AUTH_ERROR'),
        message: spanishAuthMessage(answer.code, answer.status),
      },
    });
  }
  if (rewrite && answer.text) {
    reply.type('application/json; charset=utf-8');
    return reply.send(JSON.stringify(rewrite(JSON.parse(answer.text))));
  }
  return reply.send(answer.text || null);
}
