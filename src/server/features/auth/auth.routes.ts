import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_MAX_BYTES,
  MeResponse,
  RegisterFields,
  RegisterResult,
} from '@shared/accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '@shared/accounts/messages';
import { ERROR_CODES } from '@shared/errors';
import { API_MESSAGES } from '@shared/messages';
import { AppError } from '../../lib/app-error';
import { accountExistsMail } from '../mail/templates';
import { toProfileDto } from '../profiles/profiles.service';
import { spanishAuthMessage } from './auth-errors';
import { registerAccount, type UploadedDocument } from './register.service';

/** Better Auth endpoints that are worth guessing at: limited per address, with a Spanish 429. */
const LIMITED_AUTH_PATHS = [
  '/sign-in/email',
  '/request-password-reset',
  '/reset-password',
  '/send-verification-email',
];

/**
 * /api/auth/*: Better Auth's handler (hidden from OpenAPI) with its errors
 * turned into our `{ error: { code, message } }` in Spanish; /api/register and /api/me.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = {
    max: app.config.rateLimits.auth,
    timeWindow: '1 minute',
    errorResponseBuilder: () =>
      new AppError(ERROR_CODES.rateLimited, ACCOUNT_MESSAGES.tooManyAttempts, 429),
  };

  for (const path of LIMITED_AUTH_PATHS) {
    app.post(`/auth${path}`, { schema: { hide: true }, config: { rateLimit } }, (request, reply) =>
      forwardToBetterAuth(app, request, reply),
    );
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    schema: { hide: true },
    handler: (request, reply) => forwardToBetterAuth(app, request, reply),
  });

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        // One byte over the limit tells "too large" apart from "exactly 5 MB".
        fileSize: DOCUMENT_MAX_BYTES + 1,
        files: 1,
        // The text fields plus one per shipping province (24 at most).
        fields: 60,
        fieldSize: 16 * 1024,
        parts: 61,
      },
    });
    scope.post(
      '/register',
      {
        schema: {
          tags: ['accounts'],
          summary:
            'Crea una cuenta (empresa, vendedor o administrador) y envía el correo de confirmación',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: RegisterResult },
        },
        config: { rateLimit },
      },
      async (request, reply) => {
        const { fields, document } = await readRegistration(request);
        const parsed = RegisterFields.safeParse(fields);
        if (!parsed.success) throw validationError(parsed.error.issues);
        await registerAccount(
          {
            db: app.db,
            auth: app.auth,
            storage: app.storage,
            adminSignupCode: app.config.adminSignupCode,
            notifyExistingAccount: (user) =>
              app.mailer.send({
                to: user.email,
                ...accountExistsMail(user.name, `${app.config.appUrl}/login`),
              }),
          },
          parsed.data,
          document,
        );
        return reply.status(201).send({ ok: true as const });
      },
    );
  });

  app.get(
    '/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'La sesión actual: usuario y perfil (null sin sesión)',
        response: { 200: MeResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const actor = await app.getActor(request);
      if (!actor) return { user: null, profile: null };
      return {
        user: {
          id: actor.userId,
          name: actor.name,
          email: actor.email,
          emailVerified: actor.emailVerified,
        },
        profile: actor.profile ? toProfileDto(actor.profile, app.storage) : null,
      };
    },
  );
};

async function readRegistration(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; document: UploadedDocument | undefined }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw AppError.validation(API_MESSAGES.validation);
    }
    return { fields: body as Record<string, unknown>, document: undefined };
  }
  const fields: Record<string, unknown> = {};
  let document: UploadedDocument | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'document') {
          await part.toBuffer();
          continue;
        }
        document = { filename: part.filename, data: await part.toBuffer() };
      } else if (part.fieldname === 'shipping_provinces') {
        const list = (fields.shipping_provinces as unknown[] | undefined) ?? [];
        list.push(part.value);
        fields.shipping_provinces = list;
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', ACCOUNT_MESSAGES.fileTooLargeDescription, 413, {
        document: ACCOUNT_MESSAGES.fileTooLargeDescription,
      });
    }
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw AppError.validation(API_MESSAGES.validation);
    }
    throw error;
  }
  return { fields, document };
}

function validationError(issues: { path: PropertyKey[]; message: string }[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  return AppError.validation(
    messages.length === 1 && messages[0] ? messages[0] : API_MESSAGES.validation,
    fields,
  );
}

/** Hands the request to Better Auth as a web Request and copies its answer back. */
async function forwardToBetterAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const url = new URL(request.url, app.config.appUrl);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  headers.delete('content-length');
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body != null;
  if (hasBody) headers.set('content-type', 'application/json');
  const response = await app.auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
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
  return reply.send(text || null);
}
