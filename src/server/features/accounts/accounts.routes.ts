import type { FastifyRequest } from 'fastify';
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
import { assertPasswordAllowed } from '../sign-in-protection/password-policy';
import { readMultipartForm } from '../../lib/multipart-form';
import { authRateLimit } from '../auth/auth.routes';
import { isPublicPassword } from '../auth/public-passwords';
import { accountExistsMail } from '../mail/templates';
import { toProfileDto } from '../profiles/profiles.service';
import { registerAccount, type UploadedDocument } from './register.service';
import { roleNeedsTwoFactor } from './role-guard';

/** POST /api/register (sign-up with the role and its fields) and GET /api/me (the session). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = authRateLimit(app);
  app.post(
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
      if (app.config.isProduction && isPublicPassword(parsed.data.password)) {
        throw new AppError(ERROR_CODES.publicPassword, ACCOUNT_MESSAGES.publicPasswordChosen, 400, {
          password: ACCOUNT_MESSAGES.publicPasswordChosen,
        });
      }
      // Before the e-mail is looked up: an address already registered gets the same answer.
      await assertPasswordAllowed(parsed.data.password, {
        email: parsed.data.email,
        name: parsed.data.name,
      });
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
          twoFactorEnabled: actor.twoFactorEnabled,
          twoFactorRequired: actor.profile ? roleNeedsTwoFactor(app, actor.profile.role) : false,
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
  const form = await readMultipartForm(request, {
    fileFields: ['document'],
    listFields: ['shipping_provinces'],
    // The text fields plus one per shipping province (24 at most).
    limits: { fileBytes: DOCUMENT_MAX_BYTES, files: 1, fields: 60 },
    tooLarge: { message: ACCOUNT_MESSAGES.fileTooLargeDescription, field: 'document' },
  });
  const [file] = form.files;
  return {
    fields: form.fields,
    document: file ? { filename: file.filename, data: file.data } : undefined,
  };
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
